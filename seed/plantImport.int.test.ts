import { createCatalog } from '../domain/catalog.js';
import { PostgresEventStore } from '../infra/eventstore/postgres.js';
import { createTestDatabase, type TestDatabase } from '../test/support/db.js';
import { describeWith } from '../test/support/services.js';
import { readDemoPlantFile } from './demoPlant.js';
import { importPlant, PlantFileError } from './plantImport.js';

/** The plant file import against real PostgreSQL: all or nothing, idempotent, and only changes recorded. */
describeWith(['postgres'])('importPlant', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  const catalog = createCatalog();
  const deps = () => ({ store, catalog });
  // Streams, not readAll: the shared test cluster's other transactions may hold back readAll's gap-safe horizon.
  const STREAMS = ['plant-structure', 'dbr-constants-1', 'dbr-constants-2', 'dbr-constants-3'];
  const eventCount = async () => (await Promise.all(STREAMS.map((s) => store.readStream(s)))).reduce((n, events) => n + events.length, 0);
  const demo = () => readDemoPlantFile() as any;
  const errorOf = async (p: Promise<unknown>) =>
    p.then(
      () => {
        throw new Error('expected a refusal');
      },
      (err: unknown) => err as PlantFileError,
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    store = await PostgresEventStore.connect(db.url, { max: 4 });
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('refuses a bad file naming the path of each bad field, and writes nothing', async () => {
    const raw = demo();
    raw.shopFloors[0].lines[1].equipments[2].workpoints[0].name = '';
    raw.shopFloors[0].lines[2].dbrConstants.max_mtbf = 'tanto';
    const err = await errorOf(importPlant(deps(), raw));
    expect(err).toBeInstanceOf(PlantFileError);
    expect(err.issues.map((i) => i.path)).toEqual(['shopFloors[0].lines[1].equipments[2].workpoints[0].name', 'shopFloors[0].lines[2].dbrConstants.max_mtbf']);
    expect(err.message).toContain('shopFloors[0].lines[1].equipments[2].workpoints[0].name');
    expect(await eventCount()).toBe(0);
  });

  it('refuses a file whose ids name nothing recorded, and writes nothing', async () => {
    const raw = demo();
    raw.plannedStopReasons[0] = { id: 40, name: 'Cambio formato' };
    const err = await errorOf(importPlant(deps(), raw));
    expect(err.issues).toEqual([{ path: 'plannedStopReasons[0].id', message: expect.any(String) }]);
    expect(await eventCount()).toBe(0);
  });

  it('imports the demo plant: structure, then each line’s DBR constants', async () => {
    const { recorded } = await importPlant(deps(), demo());
    expect(recorded.filter((t) => t === 'LineAdded')).toHaveLength(3);
    expect(recorded.filter((t) => t === 'EquipmentAdded')).toHaveLength(9);
    expect(recorded.filter((t) => t === 'DbrConstantsSet')).toHaveLength(3);
    expect(await eventCount()).toBe(recorded.length);
    expect((await store.readStream('dbr-constants-2'))[0]?.data).toMatchObject({ lineId: 2, constants: { def_speed: 10000 } });
  });

  it('records nothing when the same file is imported again', async () => {
    const before = await eventCount();
    expect((await importPlant(deps(), demo())).recorded).toEqual([]);
    expect(await eventCount()).toBe(before);
  });

  it('records only the changes of a changed file', async () => {
    const before = await eventCount();
    const raw = demo();
    raw.shopFloors[0].lines[0] = { ...raw.shopFloors[0].lines[0], id: 1, name: 'Linea 1 - Acqua' };
    raw.shopFloors[0].lines[1].dbrConstants.ut_threshold = 0.72;
    raw.shopFloors[0].lines[2].equipments[1].workpoints[1].stopCodes.push('Tappo rotto');
    raw.plannedStopReasons.pop();
    const { recorded } = await importPlant(deps(), raw);
    expect(recorded).toEqual(['LineRenamed', 'StopCodeAdded', 'PlannedStopReasonRetired', 'DbrConstantsSet']);
    expect(await eventCount()).toBe(before + 4);
    expect((await store.readStream('dbr-constants-2')).at(-1)).toMatchObject({ revision: 1, metadata: { username: 'plant-import' } });
    expect((await store.readStream('plant-structure')).find((e) => e.type === 'LineRenamed')?.data).toEqual({ lineId: 1, name: 'Linea 1 - Acqua' });
  });
});
