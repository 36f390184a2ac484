import type { UnplannedStopEvent } from '../../domain/stops/events.js';
import { plantDay } from '../../domain/stops/rules.js';
import type { UnplannedStopsState } from '../../domain/stops/unplannedState.js';
import { plantStateFrom, smallPlantFile } from '../../test/builders/plantFixtures.js';
import type { RecordUnplannedStop } from './recordUnplannedStop.js';
import { unplannedStopsDecider, type UnplannedStopCommand } from './unplannedDecider.js';
import { refusal } from '../../test/support/refusals.js';

// Small plant: line 1 of shop floor 1 has Filler (equipment 1, workpoint 1 with stop codes 1, 2) and
// Capper (equipment 2, workpoint 2 with stop code 3); triggering events 1, 2. June: Rome is UTC+2.
const plant = plantStateFrom(smallPlantFile());
const now = new Date('2030-06-05T12:00:00Z');
const at = (hhmm: string, day = '2030-06-05') => new Date(`${day}T${hhmm}:00+02:00`).toISOString();

// Day ids (domain/stops/ids.ts): 10^15 + equipment × 10^9 + day × 10^4 + kind × 10^3 + n; 2030-06-05 is day 11113.
const FILLER_1 = 1_000_001_111_130_001;
const FILLER_2 = 1_000_001_111_130_002;
const CAPPER_1 = 1_000_002_111_130_001;

const record = (over: Partial<RecordUnplannedStop> = {}): RecordUnplannedStop => ({
  type: 'RecordUnplannedStop',
  day: plantDay(over.startTime ?? at('08:10')),
  nearby: [],
  equipmentId: 1,
  plant,
  role: 'frontline',
  shiftSubmitted: false,
  workpointId: 1,
  stopCodeId: 2,
  triggeringEventId: 1,
  failureMode: '  Valvola bloccata  ',
  correctiveAction: 'Sbloccata la valvola',
  actionMaterialChange: false,
  actionCleaning: true,
  actionSettingAdjustment: false,
  actionComponentRestore: true,
  startTime: at('08:10'),
  endTime: at('08:25'),
  ...over,
});
const given = (...events: UnplannedStopEvent[]) => events.reduce(unplannedStopsDecider.evolve, unplannedStopsDecider.initialState);
const when = (state: UnplannedStopsState, command: UnplannedStopCommand) => unplannedStopsDecider.decide(command, state, now);
const recorded = (over: Partial<RecordUnplannedStop> = {}, state = given()) => when(state, record(over))[0] as Extract<UnplannedStopEvent, { type: 'UnplannedStopRecorded' }>;

describe('given an equipment without stops', () => {
  it('records the stop with the first id of the equipment’s day, its place and trimmed texts', () => {
    expect(recorded()).toEqual({
      type: 'UnplannedStopRecorded',
      data: {
        stopId: FILLER_1,
        shopFloorId: 1,
        lineId: 1,
        equipmentId: 1,
        workpointId: 1,
        stopCodeId: 2,
        triggeringEventId: 1,
        failureMode: 'Valvola bloccata',
        correctiveAction: 'Sbloccata la valvola',
        actionMaterialChange: false,
        actionCleaning: true,
        actionSettingAdjustment: false,
        actionComponentRestore: true,
        startTime: '2030-06-05T06:10:00.000Z',
        endTime: '2030-06-05T06:25:00.000Z',
      },
    });
  });

  it('names every bad field at once', () => {
    const err = refusal(() => recorded({ workpointId: 99, stopCodeId: 98, triggeringEventId: 97, failureMode: '   ', correctiveAction: 'x'.repeat(1001) }));
    expect([err.status, err.code, err.fields]).toEqual([
      400,
      'VALIDATION_FAILED',
      {
        workpoint_id: 'Area inesistente',
        stop_code_id: 'Codice di stop inesistente',
        triggering_event_id: 'Evento scatenante inesistente',
        failure_mode: 'Obbligatorio',
        corrective_action: 'Al massimo 1000 caratteri',
      },
    ]);
  });

  it('refuses a stop code of another workpoint', () => {
    expect(refusal(() => recorded({ stopCodeId: 3 })).fields).toEqual({ stop_code_id: "Il codice di stop non appartiene all'area scelta" });
  });

  it('refuses a workpoint of another equipment than the stream’s', () => {
    expect(refusal(() => recorded({ workpointId: 2, stopCodeId: 3 })).fields).toEqual({ workpoint_id: "L'area non appartiene alla macchina" });
  });

  it('refuses a retired workpoint', () => {
    const raw = smallPlantFile() as any;
    raw.shopFloors[0].lines[0].equipments[0].workpoints = [];
    const smaller = plantStateFrom(raw, plant);
    expect(refusal(() => recorded({ plant: smaller })).fields).toEqual({ workpoint_id: 'Area inesistente', stop_code_id: 'Codice di stop inesistente' });
  });

  it('keeps the failure mode to 250 characters and the corrective action to 1000', () => {
    expect(recorded({ failureMode: 'f'.repeat(250), correctiveAction: 'c'.repeat(1000) }).data).toMatchObject({ failureMode: 'f'.repeat(250) });
    expect(refusal(() => recorded({ failureMode: 'f'.repeat(251) })).fields).toEqual({ failure_mode: 'Al massimo 250 caratteri' });
    expect(refusal(() => recorded({ correctiveAction: '' })).fields).toEqual({ corrective_action: 'Obbligatorio' });
  });

  it('refuses an end that is not strictly after the start: Controlla le date', () => {
    for (const endTime of [at('08:10'), at('08:00')]) {
      const err = refusal(() => recorded({ endTime }));
      expect([err.status, err.code, err.message, err.fields]).toEqual([400, 'INVALID_TIMES', 'Controlla le date', { end_time: "Deve essere successiva all'inizio" }]);
    }
  });

  it('refuses a stop that ends more than 5 minutes after now', () => {
    expect(recorded({ startTime: at('13:50'), endTime: at('14:05') }).data).toMatchObject({ endTime: '2030-06-05T12:05:00.000Z' });
    const err = refusal(() => recorded({ startTime: at('13:50'), endTime: at('14:06') }));
    expect([err.status, err.code, err.fields]).toEqual([400, 'INVALID_TIMES', { end_time: 'Nel futuro' }]);
  });

  it('gives the equipment’s own ids: the Capper’s first stop of the day', () => {
    expect(recorded({ equipmentId: 2, workpointId: 2, stopCodeId: 3 }).data).toMatchObject({ stopId: CAPPER_1, equipmentId: 2, lineId: 1 });
  });

  it('refuses an unplanned stop longer than 24 hours, and accepts exactly 24', () => {
    const start = at('08:00', '2030-06-03');
    expect(recorded({ startTime: start, endTime: at('08:00', '2030-06-04') }).data).toMatchObject({ startTime: '2030-06-03T06:00:00.000Z' });
    const err = refusal(() => recorded({ startTime: start, endTime: at('08:01', '2030-06-04') }));
    expect([err.status, err.code, err.message, err.fields]).toEqual([
      400,
      'INVALID_TIMES',
      'Controlla le date: uno stop non pianificato dura al massimo 24 ore',
      { end_time: "Al massimo 24 ore dopo l'inizio" },
    ]);
  });
});

describe('given a stop 08:10–08:25', () => {
  const first = recorded();
  const state = given(first);

  it('refuses an overlapping stop with 409, naming the other stop’s times', () => {
    for (const [s, e] of [
      ['08:20', '08:40'],
      ['08:00', '08:11'],
      ['08:00', '09:00'],
      ['08:12', '08:13'],
    ] as const) {
      const err = refusal(() => recorded({ startTime: at(s), endTime: at(e) }, state));
      expect([err.status, err.code, err.message]).toEqual([409, 'STOP_OVERLAP', 'Lo stop si sovrappone a un altro stop della stessa macchina (08:10–08:25)']);
    }
  });

  it('names the dates when the other stop is on another day', () => {
    const night = given(recorded({ startTime: at('23:50', '2030-06-03'), endTime: at('00:20', '2030-06-04') }));
    const err = refusal(() => recorded({ startTime: at('00:10', '2030-06-04'), endTime: at('00:30', '2030-06-04'), nearby: [...night.stops.values()] }));
    expect(err.message).toBe('Lo stop si sovrappone a un altro stop della stessa macchina (03/06 23:50–04/06 00:20)');
  });

  it('checks the stops of other day streams passed in as nearby, not only its own day', () => {
    const err = refusal(() => recorded({ startTime: at('08:20'), endTime: at('08:40'), nearby: [...state.stops.values()] }, given()));
    expect([err.status, err.code]).toEqual([409, 'STOP_OVERLAP']);
    expect(recorded({ startTime: at('08:25'), endTime: at('08:40'), nearby: [...state.stops.values()] }, given()).data).toMatchObject({ stopId: FILLER_1 });
  });

  it('accepts a stop that starts when the other ends, with the next id', () => {
    expect(recorded({ startTime: at('08:25'), endTime: at('08:40') }, state).data).toMatchObject({ stopId: FILLER_2 });
  });

  it('edits the failure mode or the corrective action, trimmed', () => {
    expect(when(state, { type: 'EditUnplannedStopDetail', stopId: FILLER_1, field: 'failureMode', value: ' Perdita ', role: 'frontline', shiftSubmitted: false })).toEqual([
      { type: 'UnplannedStopDetailEdited', data: { stopId: FILLER_1, field: 'failureMode', value: 'Perdita' } },
    ]);
    expect(
      when(state, { type: 'EditUnplannedStopDetail', stopId: FILLER_1, field: 'correctiveAction', value: 'c'.repeat(1000), role: 'frontline', shiftSubmitted: false }),
    ).toHaveLength(1);
  });

  it('refuses an empty or too long detail, and records nothing for the same text', () => {
    const edit = (field: 'failureMode' | 'correctiveAction', value: string) =>
      when(state, { type: 'EditUnplannedStopDetail', stopId: FILLER_1, field, value, role: 'frontline', shiftSubmitted: false });
    expect(refusal(() => edit('failureMode', '  ')).fields).toEqual({ value: 'Obbligatorio' });
    expect(refusal(() => edit('failureMode', 'f'.repeat(251))).fields).toEqual({ value: 'Al massimo 250 caratteri' });
    expect(refusal(() => edit('correctiveAction', 'c'.repeat(1001))).fields).toEqual({ value: 'Al massimo 1000 caratteri' });
    expect(edit('failureMode', 'Valvola bloccata ')).toEqual([]);
  });

  it('deletes it; an unknown id is a 404', () => {
    expect(when(state, { type: 'DeleteUnplannedStop', stopId: FILLER_1, role: 'frontline', shiftSubmitted: false })).toEqual([
      { type: 'UnplannedStopDeleted', data: { stopId: FILLER_1 } },
    ]);
    expect(refusal(() => when(state, { type: 'DeleteUnplannedStop', stopId: 1_000_001_111_130_009, role: 'admin', shiftSubmitted: false })).status).toBe(404);
  });
});

describe('given a deleted stop', () => {
  const first = recorded();
  const state = given(first, { type: 'UnplannedStopDeleted', data: { stopId: FILLER_1 } });

  it('no longer counts for overlap, and its id is never given again', () => {
    expect(recorded({}, state).data).toMatchObject({ stopId: FILLER_2, startTime: first.data.startTime });
  });

  it('can be neither edited nor deleted again (404)', () => {
    expect(refusal(() => when(state, { type: 'DeleteUnplannedStop', stopId: FILLER_1, role: 'admin', shiftSubmitted: false })).code).toBe('NOT_FOUND');
    expect(refusal(() => when(state, { type: 'EditUnplannedStopDetail', stopId: FILLER_1, field: 'failureMode', value: 'x', role: 'admin', shiftSubmitted: false })).status).toBe(
      404,
    );
  });
});

describe('given a stop whose shift report is submitted', () => {
  const state = given(recorded());
  const commands: UnplannedStopCommand[] = [
    record({ startTime: at('09:00'), endTime: at('09:10'), shiftSubmitted: true }),
    { type: 'EditUnplannedStopDetail', stopId: FILLER_1, field: 'correctiveAction', value: 'Altro', role: 'frontline', shiftSubmitted: true },
    { type: 'DeleteUnplannedStop', stopId: FILLER_1, role: 'frontline', shiftSubmitted: true },
  ];

  it('refuses the operator any record, edit or delete: Report già inviato', () => {
    for (const c of commands) {
      const err = refusal(() => when(state, c));
      expect([c.type, err.status, err.code, err.message]).toEqual([c.type, 409, 'REPORT_ALREADY_SUBMITTED', 'Report già inviato']);
    }
  });

  it('lets the improvement roles change it', () => {
    for (const role of ['support', 'demoit', 'demoen', 'admin']) {
      for (const c of commands) expect(when(state, { ...c, role })).toHaveLength(1);
    }
  });
});

describe('given an equipment with 999 stops on the day', () => {
  it('refuses one more stop that day with 409', () => {
    const full: UnplannedStopsState = { lastSequence: 999, stops: new Map() };
    expect(refusal(() => recorded({}, full)).code).toBe('STOP_IDS_EXHAUSTED');
  });
});
