import { describeWith } from '../../../test/support/services.js';
import { refusalChecker } from '../../../test/support/refusals.js';
import { startDbrActionsKit, type DbrActionsKit } from '../../../test/builders/dbrActionsTestKit.js';

/**
 * The plant from the browser's calls over the demo plant (docs/plant.md, "The plant from the
 * browser"): the current file, a preview that writes nothing and equals what the apply then
 * records, the 409 of a stale revision, every refusal writing nothing, and admin only.
 */
describeWith(['postgres'])('plant admin calls', () => {
  let kit: DbrActionsKit;
  const refusedWritingNothing = refusalChecker(() => kit.eventCount());
  const current = async () => (await kit.call('GET', '/admin/plant', 'admin')).body as { revision: number; plant: any };
  const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

  beforeAll(async () => {
    kit = await startDbrActionsKit();
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('serves the demo plant as a plant file with its ids, which previews as no change', async () => {
    const { status, body } = await kit.call('GET', '/admin/plant', 'admin');
    expect(status).toBe(200);
    expect(body.revision).toBeGreaterThanOrEqual(0);
    const floor = body.plant.shopFloors[0];
    expect([floor.id, floor.name, floor.units, floor.reportLabels, floor.manageExtraShift]).toEqual([
      1,
      'Confezionamento',
      { unit1: 'pz', unit2: 'cartoni', unit3: 'pallet' },
      ['Macchina', 'Nota'],
      true,
    ]);
    expect(floor.lines.map((l: any) => [l.id, l.name, l.referenceMachine])).toEqual([
      [1, 'Linea 1', 'Riempitrice L1'],
      [2, 'Linea 2', 'Riempitrice L2'],
      [3, 'Linea 3', 'Riempitrice L3'],
    ]);
    expect(floor.lines[0].equipments.map((e: any) => [e.id, e.name])).toEqual([
      [1, 'Filler'],
      [2, 'Capper'],
      [3, 'Cartoner'],
    ]);
    expect(floor.lines[0].dbrConstants.def_speed).toBe(12000);
    const preview = await refusedWritingNothing(() => kit.call('POST', '/admin/plant/preview', 'admin', { plant: body.plant }));
    expect(preview).toEqual({ status: 200, body: { revision: body.revision, changes: [] } });
  });

  it('previews a file’s additions, renames and retirements without writing, then records exactly them', async () => {
    const { revision, plant } = await current();
    const edited = clone(plant);
    const line1 = edited.shopFloors[0].lines[0];
    line1.equipments.push({ name: 'Etichettatrice', workpoints: [{ name: 'Rullo etichette', stopCodes: ['Etichetta strappata'] }] });
    edited.shopFloors[0].lines[2].name = 'Linea 3 nuova';
    edited.triggeringEvents = edited.triggeringEvents.filter((t: any) => t.name !== 'Cambio turno');
    edited.shopFloors[0].units.unit3 = 'bancali';

    const preview = await refusedWritingNothing(() => kit.call('POST', '/admin/plant/preview', 'admin', { plant: edited }));
    expect(preview.status).toBe(200);
    expect(preview.body.revision).toBe(revision);
    // Ids continue each kind's sequence (docs/plant.md): 9 machines, 27 areas and their stop codes in the demo; 'Cambio turno' is the 4th event.
    const stopCodes = plant.shopFloors[0].lines.flatMap((l: any) => l.equipments.flatMap((e: any) => e.workpoints.flatMap((w: any) => w.stopCodes))).length;
    expect(preview.body.changes).toEqual([
      { event: 'UnitsOfMeasurementSet', change: 'changed', kind: 'shopFloor', id: 1, path: [], name: 'Confezionamento', detail: 'Unità di misura: pz / cartoni / bancali' },
      { event: 'LineRenamed', change: 'renamed', kind: 'line', id: 3, path: ['Confezionamento'], name: 'Linea 3 nuova', previousName: 'Linea 3' },
      { event: 'EquipmentAdded', change: 'added', kind: 'equipment', id: 10, path: ['Confezionamento', 'Linea 1'], name: 'Etichettatrice' },
      { event: 'WorkpointAdded', change: 'added', kind: 'workpoint', id: 28, path: ['Confezionamento', 'Linea 1', 'Etichettatrice'], name: 'Rullo etichette' },
      {
        event: 'StopCodeAdded',
        change: 'added',
        kind: 'stopCode',
        id: stopCodes + 1,
        path: ['Confezionamento', 'Linea 1', 'Etichettatrice', 'Rullo etichette'],
        name: 'Etichetta strappata',
      },
      { event: 'TriggeringEventRetired', change: 'retired', kind: 'triggeringEvent', id: 4, path: [], name: 'Cambio turno' },
    ]);

    const applied = await kit.call('PUT', '/admin/plant', 'admin', { revision, plant: edited });
    expect(applied.status).toBe(200);
    expect(applied.body.changes).toEqual(preview.body.changes);
    expect(applied.body.revision).toBe(revision + preview.body.changes.length);
    const recorded = (await kit.stream('plant-structure')).slice(revision + 1);
    expect(recorded.map((e) => [e.type, e.username])).toEqual(preview.body.changes.map((c: any) => [c.event, 'admin']));
    // Read your writes: the lists show the new machine and no longer the retired event.
    expect((await kit.call('GET', '/factory/equipments?line_id=1', 'frontline')).body.map((e: any) => e.name)).toEqual(['Filler', 'Capper', 'Cartoner', 'Etichettatrice']);
    expect((await kit.call('GET', '/factory/triggering_events', 'frontline')).body.map((e: any) => e.name)).not.toContain('Cambio turno');
    expect((await current()).revision).toBe(applied.body.revision);
  });

  it('refuses a revision the plant has moved past with 409, writing nothing', async () => {
    const { revision, plant } = await current();
    const edited = clone(plant);
    edited.triggeringEvents.push({ name: 'Nuovo evento' });
    const stale = await refusedWritingNothing(() => kit.call('PUT', '/admin/plant', 'admin', { revision: revision - 1, plant: edited }));
    expect([stale.status, stale.body.error.code]).toEqual([409, 'PLANT_CHANGED']);
    const ahead = await refusedWritingNothing(() => kit.call('PUT', '/admin/plant', 'admin', { revision: revision + 5, plant: edited }));
    expect(ahead.status).toBe(409);
  });

  it('refuses a bad file with the bad field named, on preview and apply, writing nothing', async () => {
    const { revision, plant } = await current();
    const cases: Array<[string, (p: any) => void, string, string]> = [
      ['duplicate line', (p) => p.shopFloors[0].lines.push({ ...clone(p.shopFloors[0].lines[1]), id: undefined }), 'plant.shopFloors.0.lines.3.name', 'Nome ripetuto: Linea 2'],
      [
        'overlapping shifts',
        (p) => p.shopFloors[0].shifts.push({ name: 'Turno D', code: 'D', start: '13:00', end: '15:00' }),
        'plant.shopFloors.0.shifts.4.start',
        'Il turno D si sovrappone al turno A',
      ],
      ['zero-length shift', (p) => (p.shopFloors[0].shifts[0].end = '06:00'), 'plant.shopFloors.0.shifts.0.end', "L'inizio e la fine del turno coincidono"],
      [
        'line without a machine',
        (p) => p.shopFloors[0].lines.push({ name: 'Linea 4', referenceMachine: 'Riempitrice L4', equipments: [] }),
        'plant.shopFloors.0.lines.3.equipments',
        'La linea non ha macchine: aggiungine almeno una, la macchina di riferimento è tra queste',
      ],
    ];
    for (const [what, edit, field, message] of cases) {
      const bad = clone(plant);
      edit(bad);
      for (const [method, path, body] of [
        ['POST', '/admin/plant/preview', { plant: bad }],
        ['PUT', '/admin/plant', { revision, plant: bad }],
      ] as const) {
        const r = await refusedWritingNothing(() => kit.call(method, path, 'admin', body));
        expect([what, method, r.status, r.body.error.message, r.body.error.fields[field]]).toEqual([what, method, 400, 'File impianto non valido: nulla è stato scritto', message]);
      }
    }
    const unknownId = clone(plant);
    unknownId.shopFloors[0].lines[0].id = 99;
    const r = await refusedWritingNothing(() => kit.call('PUT', '/admin/plant', 'admin', { revision, plant: unknownId }));
    expect([r.status, r.body.error.fields['shopFloors[0].lines[0].id']]).toEqual([400, 'Nessun elemento attivo (linea) con id 99']);
  });

  it('refuses a retirement that would orphan an open DBR action, naming it, and shows saved stations', async () => {
    const created = await kit.call('POST', '/factory/dbr_actions', 'support', {
      day: kit.day,
      due_shift: kit.shifts.A.id,
      line: 'Linea 2',
      equipment: 5,
      owner: 'Rossi',
      activity: 'Pulire i sensori',
    });
    expect(created.status).toBe(201);
    expect((await kit.call('PUT', '/factory/default_station', 'frontline', { shopFloorId: 1, lineId: 1, equipmentId: 1 })).status).toBe(200);
    const { revision, plant } = await current();
    const withoutLine2 = clone(plant);
    withoutLine2.shopFloors[0].lines.splice(1, 1);
    const refused = await refusedWritingNothing(() => kit.call('POST', '/admin/plant/preview', 'admin', { plant: withoutLine2 }));
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/^Ritiro non possibile: ci sono azioni DBR aperte/);
    expect(Object.keys(refused.body.error.fields)).toEqual(['Confezionamento › Linea 2 › Capper', 'Confezionamento › Linea 2']);
    expect((await refusedWritingNothing(() => kit.call('PUT', '/admin/plant', 'admin', { revision, plant: withoutLine2 }))).status).toBe(400);

    const withoutFiller1 = clone(plant);
    withoutFiller1.shopFloors[0].lines[0].equipments.splice(0, 1);
    const preview = await refusedWritingNothing(() => kit.call('POST', '/admin/plant/preview', 'admin', { plant: withoutFiller1 }));
    const filler = preview.body.changes.find((c: any) => c.event === 'EquipmentRetired');
    expect(filler).toEqual({
      event: 'EquipmentRetired',
      change: 'retired',
      kind: 'equipment',
      id: 1,
      path: ['Confezionamento', 'Linea 1'],
      name: 'Filler',
      refs: ['Stazione predefinita di frontline'],
    });
  });

  it("gives each item's 'Storico modifiche': who changed it, when and how", async () => {
    const history = await kit.call('GET', '/admin/plant/history?kind=line&id=3', 'admin');
    expect(history.status).toBe(200);
    expect(history.body.map((e: any) => [e.label, e.by.username, e.changes])).toEqual([
      ['Aggiunto', 'system', [{ field: 'name', label: 'Nome', before: null, after: 'Linea 3' }]],
      ['Rinominato', 'admin', [{ field: 'name', label: 'Nome', before: 'Linea 3', after: 'Linea 3 nuova' }]],
    ]);
    expect(history.body[1].at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/);
    expect((await kit.call('GET', '/admin/plant/history?kind=line&id=99', 'admin')).status).toBe(404);
    expect((await kit.call('GET', '/admin/plant/history?kind=planet&id=1', 'admin')).status).toBe(400);
    expect((await kit.call('GET', '/admin/plant/history?kind=line&id=3', 'support')).status).toBe(403);
  });

  it('answers only the admin', async () => {
    const { revision, plant } = await current();
    for (const role of ['frontline', 'support', 'demoit', 'demoen']) {
      expect((await kit.call('GET', '/admin/plant', role)).status).toBe(403);
      expect((await kit.call('POST', '/admin/plant/preview', role, { plant })).status).toBe(403);
      expect((await refusedWritingNothing(() => kit.call('PUT', '/admin/plant', role, { revision, plant }))).status).toBe(403);
    }
  });
});
