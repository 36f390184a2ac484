import { createCatalog } from '../../domain/catalog.js';
import { stationStream } from '../../domain/station/events.js';
import { MemoryEventStore } from '../../infra/eventstore/memory.js';
import { importPlant } from '../../seed/plantImport.js';
import { decideOn } from '../../test/builders/decideOn.js';
import { readPlantState } from '../../commands/plant/readPlant.js';
import { stationDecider } from '../../commands/station/decider.js';
import { smallPlantFile } from '../../test/builders/plantFixtures.js';
import { useTestDatabase } from '../../test/support/db.js';
import { expectSameRowsEveryWay, replayTwice, storedEvents } from '../../test/support/replayKit.js';
import { describeWith } from '../../test/support/services.js';
import { stationsProjection } from './stations.projection.js';

/**
 * Three users choosing where they work on the small plant, one of them several times
 * (and back to where she started), support without an equipment; choosing the same
 * station again records nothing.
 */
describeWith(['postgres'])('stations projection replayed', () => {
  const db = useTestDatabase();
  const catalog = createCatalog();
  const store = new MemoryEventStore();
  const at = (hhmm: string) => new Date(`2030-05-04T${hhmm}:00Z`);

  beforeAll(async () => {
    const deps = { store, catalog };
    await importPlant(deps, smallPlantFile(), { userId: 'u-admin', username: 'admin', role: 'admin', now: at('05:00') });
    const plant = await readPlantState(deps);
    const steps: Array<[hhmm: string, username: string, role: string, lineId: number, equipmentId: number | null]> = [
      ['06:00', 'frontline', 'frontline', 1, 1],
      ['06:01', 'Operatore2', 'frontline', 2, 3],
      ['06:02', 'frontline', 'frontline', 1, 2],
      ['06:03', 'support', 'support', 1, null],
      ['06:04', 'frontline', 'frontline', 1, 2],
      ['06:05', 'frontline', 'frontline', 1, 1],
      ['06:06', 'support', 'support', 2, null],
    ];
    for (const [hhmm, username, role, lineId, equipmentId] of steps) {
      const command = { type: 'ChooseDefaultStation' as const, username, role, shopFloorId: 1, lineId, equipmentId, plant };
      await decideOn(deps, stationStream(username), stationDecider, command, { userId: `u-${username}`, username, role, now: at(hhmm) });
    }
  });

  const events = () => storedEvents(store, catalog);

  it('gives the same rows in one batch, one event per batch, batches of 2, and after a second pass', async () => {
    const history = await events();
    expect(history.filter((e) => e.type === 'DefaultStationChosen')).toHaveLength(6);
    await expectSameRowsEveryWay(db.knex, stationsProjection, history, 2);
  });

  it('holds each user with the last station chosen, under the lower-case name', async () => {
    const { first } = await replayTwice(db.knex, stationsProjection, await events());
    expect(first.default_stations).toEqual([
      { username: 'frontline', shop_floor_id: 1, line_id: 1, equipment_id: 1, updated_at: at('06:05') },
      { username: 'operatore2', shop_floor_id: 1, line_id: 2, equipment_id: 3, updated_at: at('06:01') },
      { username: 'support', shop_floor_id: 1, line_id: 2, equipment_id: null, updated_at: at('06:06') },
    ]);
  });
});
