import { readDemoPlantFile } from '../../../seed/demoPlant.js';
import { importPlant, IMPORT_CONTEXT } from '../../../seed/plantImport.js';
import { describeWith } from '../../../test/support/services.js';
import { catchUpTo } from '../../../test/support/settle.js';
import { NOW, payload, startShiftNotesApp, type ShiftNotesClient } from '../../../test/builders/shiftNotesTestKit.js';

/** Never a silent overwrite, read tables rebuilt from events alone, and a line name shared by two shop floors. */
describeWith(['postgres'])('shift notes: concurrency, rebuild, line names', () => {
  let c: ShiftNotesClient;
  const save = (as: string, body: unknown) => c.call('POST', '/factory/shift_notes/save', as, body);
  const key = (day: string, shift_code: string, line_name = 'Linea 1') => ({ day, shift_code, line_name });
  const statuses = (rs: Array<{ status: number }>) => rs.map((r) => r.status).sort();

  beforeAll(async () => {
    c = await startShiftNotesApp();
  });
  afterAll(async () => {
    await c?.app.close();
  });

  it('two users saving the same draft with the same revision: one wins, the other gets 409, one new event', async () => {
    const k = key('2031-06-04', 'A');
    expect((await save('frontline', { ...k, notes: 'prima' })).body.revision).toBe(0);
    const results = await Promise.all([save('frontline', { ...k, notes: 'di frontline', revision: 0 }), save('demoit', { ...k, notes: 'di demoit', revision: 0 })]);
    expect(statuses(results)).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.body.error.code).toBe('CONCURRENT_MODIFICATION');
    expect(await c.stream('2031-06-04', 'A')).toHaveLength(2);
    const winner = results.find((r) => r.status === 200)!;
    expect((await c.get('frontline', k)).body).toMatchObject({ notes: winner.body.notes, revision: 1 });
  });

  it('a stale revision is 409 even for the report’s own author', async () => {
    const k = key('2031-06-04', 'B');
    await save('frontline', { ...k, notes: 'uno' });
    await save('frontline', { ...k, notes: 'due', revision: 0 });
    const r = await save('frontline', { ...k, notes: 'tre', revision: 0 });
    expect([r.status, r.body.error.code]).toEqual([409, 'CONCURRENT_MODIFICATION']);
    expect(await c.stream('2031-06-04', 'B')).toHaveLength(2);
  });

  it('without a revision, only the last author may write: another user racing on a new report gets 409', async () => {
    for (const code of ['C', 'E']) {
      const k = key('2031-06-04', code);
      const results = await Promise.all([save('frontline', { ...k, notes: 'frontline' }), save('demoen', { ...k, notes: 'demoen' })]);
      expect(statuses(results)).toEqual([200, 409]);
      expect(await c.stream('2031-06-04', code)).toHaveLength(1);
      const other = results[0]!.status === 200 ? 'demoen' : 'frontline';
      expect((await save(other, { ...k, notes: 'di nuovo' })).status).toBe(409);
    }
  });

  it('the same operator’s concurrent autosaves are merged in order, never refused', async () => {
    const k = key('2031-06-03', 'A');
    const results = await Promise.all([save('frontline', { ...k, notes: 'scheda 1' }), save('frontline', { ...k, notes: 'scheda 2' })]);
    expect(statuses(results)).toEqual([200, 200]);
    expect(await c.stream('2031-06-03', 'A')).toHaveLength(2);
  });

  it('twenty concurrent autosaves of one operator without a revision: all accepted, twenty events, the last applied is what remains', async () => {
    const k = key('2031-06-03', 'B');
    const notes = Array.from({ length: 20 }, (_, i) => `bozza ${i + 1}`);
    const results = await Promise.all(notes.map((n) => save('frontline', { ...k, notes: n })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    // One after the other: each got the next revision, and every content became one event.
    expect(results.map((r) => r.body.revision).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(await c.stream('2031-06-03', 'B')).toEqual(Array(20).fill('ShiftReportDraftSaved'));
    const last = results.find((r) => r.body.revision === 19)!;
    expect(notes).toContain(last.body.notes);
    expect((await c.get('frontline', k)).body).toMatchObject({ notes: last.body.notes, revision: 19 });
  });

  it('rebuilding shift_reports from the events alone gives the same answers', async () => {
    await c.call('POST', '/factory/shift_notes/submit', 'frontline', payload(key('2031-06-02', 'A')));
    await c.call('PUT', '/factory/shift_notes/update', 'support', payload({ ...key('2031-06-02', 'A'), notes: 'rivisto', revision: 0 }));
    await c.call('PUT', '/factory/shift_notes/update', 'admin', payload(key('2031-06-02', 'B', 'Linea 3')));
    const keys = [
      key('2031-06-04', 'A'),
      key('2031-06-04', 'B'),
      key('2031-06-04', 'C'),
      key('2031-06-03', 'A'),
      key('2031-06-02', 'A'),
      key('2031-06-02', 'B', 'Linea 3'),
      key('2031-06-01', 'A'),
    ];
    const answers = async () => Promise.all(keys.flatMap((k) => ['frontline', 'support'].map(async (as) => (await c.get(as, k)).body)));
    const before = await answers();
    expect(before.filter((b) => b.confirmed)).toHaveLength(4);
    const live = await c.app.deps.engine.liveRow('shift_reports');
    const rebuilt = await c.app.deps.engine.rebuild('shift_reports');
    expect(rebuilt.generation).toBeGreaterThan(live!.generation);
    expect(await answers()).toEqual(before);
  });

  it('resolves a line name two shop floors share through the user’s default station, and refuses to guess without one', async () => {
    const plant = readDemoPlantFile() as any;
    const floor = plant.shopFloors[0];
    plant.shopFloors.push({ ...floor, name: 'Imbottigliamento', reportLabels: ['Problema'], lines: [{ ...floor.lines[0], dbrConstants: undefined }] });
    await importPlant({ store: c.app.deps.store, catalog: c.app.deps.catalog }, plant, { ...IMPORT_CONTEXT, now: NOW });
    const imported = (await c.app.deps.store.readStream('plant-structure')).at(-1)!.position;
    await catchUpTo(c.app.deps.engine, 'plant', imported);
    expect((await c.call('POST', '/admin/generate-shifts', 'admin', { shop_floor_id: 2, start_date: '2031-06-01', end_date: '2031-06-10' })).status).toBe(200);
    const [line] = (await c.call('GET', '/factory/lines?shop_floor_id=2', 'admin')).body;
    const [equipment] = (await c.call('GET', `/factory/equipments?line_id=${line.id}`, 'admin')).body;
    expect((await c.call('PUT', '/factory/default_station', 'frontline', { shopFloorId: 2, lineId: line.id, equipmentId: equipment.id })).status).toBe(200);

    const k = key('2031-06-01', 'B');
    const saved = await save('frontline', { ...k, notes: 'reparto 2', machine_notes: [{ Problema: 'etichette' }] });
    expect([saved.status, saved.body.line_name]).toEqual([200, 'Linea 1']);
    expect(await c.stream('2031-06-01', 'B', line.id)).toEqual(['ShiftReportDraftSaved']);
    expect(await c.stream('2031-06-01', 'B', 1)).toEqual([]);
    expect((await c.get('frontline', k)).body.notes).toBe('reparto 2');

    const guess = await c.get('demoit', k);
    expect([guess.status, Object.keys(guess.body.error.fields)]).toEqual([400, ['line_name']]);
    expect((await save('demoit', { ...k, notes: 'x' })).status).toBe(400);
  });
});
