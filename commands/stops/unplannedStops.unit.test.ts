import type { UnplannedStopEvent } from '../../domain/stops/events.js';
import { plantDay } from '../../domain/stops/rules.js';
import type { UnplannedStopFacts } from '../../domain/stops/unplannedState.js';
import { plantStateFrom, smallPlantFile } from '../../test/builders/plantFixtures.js';
import { deciderSpec } from '../../test/support/deciderSpec.js';
import type { RecordUnplannedStop } from './recordUnplannedStop.js';
import { unplannedStopsDecider, type UnplannedStopCommand } from './unplannedDecider.js';

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
const spec = deciderSpec(unplannedStopsDecider, now);

type Recorded = Extract<UnplannedStopEvent, { type: 'UnplannedStopRecorded' }>;
/** The recorded stop's data passes the check. */
const recordedData = (check: (data: Recorded['data']) => void) => (events: UnplannedStopEvent[]) => check((events[0] as Recorded).data);

/** The stop `record()` records on the Filler without stops: 08:10–08:25 in Rome. */
const recorded: Recorded = {
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
};
/** The same stop as the rules see it on another day stream of the Filler. */
const recordedFacts: UnplannedStopFacts = {
  id: FILLER_1,
  shopFloorId: 1,
  lineId: 1,
  startTime: '2030-06-05T06:10:00.000Z',
  endTime: '2030-06-05T06:25:00.000Z',
  failureMode: 'Valvola bloccata',
  correctiveAction: 'Sbloccata la valvola',
};
const edit = (field: 'failureMode' | 'correctiveAction', value: string, over: Partial<{ role: string; shiftSubmitted: boolean }> = {}): UnplannedStopCommand => ({
  type: 'EditUnplannedStopDetail',
  stopId: FILLER_1,
  field,
  value,
  role: 'frontline',
  shiftSubmitted: false,
  ...over,
});
const remove = (stopId: number, role = 'frontline', shiftSubmitted = false): UnplannedStopCommand => ({ type: 'DeleteUnplannedStop', stopId, role, shiftSubmitted });

describe('given an equipment without stops', () => {
  const given = spec.given([]);

  it('records the stop with the first id of the equipment’s day, its place and trimmed texts', () => {
    given.when(record()).then([recorded]);
  });

  it('names every bad field at once', () => {
    given.when(record({ workpointId: 99, stopCodeId: 98, triggeringEventId: 97, failureMode: '   ', correctiveAction: 'x'.repeat(1001) })).thenRefuses({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: {
        workpoint_id: 'Area inesistente',
        stop_code_id: 'Codice di stop inesistente',
        triggering_event_id: 'Evento scatenante inesistente',
        failure_mode: 'Obbligatorio',
        corrective_action: 'Al massimo 1000 caratteri',
      },
    });
  });

  it('refuses a stop code of another workpoint', () => {
    given.when(record({ stopCodeId: 3 })).thenRefuses({ fields: { stop_code_id: "Il codice di stop non appartiene all'area scelta" } });
  });

  it('refuses a workpoint of another equipment than the stream’s', () => {
    given.when(record({ workpointId: 2, stopCodeId: 3 })).thenRefuses({ fields: { workpoint_id: "L'area non appartiene alla macchina" } });
  });

  it('refuses a retired workpoint', () => {
    const raw = smallPlantFile() as any;
    raw.shopFloors[0].lines[0].equipments[0].workpoints = [];
    const smaller = plantStateFrom(raw, plant);
    given.when(record({ plant: smaller })).thenRefuses({ fields: { workpoint_id: 'Area inesistente', stop_code_id: 'Codice di stop inesistente' } });
  });

  it('keeps the failure mode to 250 characters and the corrective action to 1000', () => {
    given
      .when(record({ failureMode: 'f'.repeat(250), correctiveAction: 'c'.repeat(1000) }))
      .then(recordedData((data) => expect(data).toMatchObject({ failureMode: 'f'.repeat(250) })));
    given.when(record({ failureMode: 'f'.repeat(251) })).thenRefuses({ fields: { failure_mode: 'Al massimo 250 caratteri' } });
    given.when(record({ correctiveAction: '' })).thenRefuses({ fields: { corrective_action: 'Obbligatorio' } });
  });

  it('refuses an end that is not strictly after the start: Controlla le date', () => {
    for (const endTime of [at('08:10'), at('08:00')]) {
      given.when(record({ endTime })).thenRefuses({ status: 400, code: 'INVALID_TIMES', message: 'Controlla le date', fields: { end_time: "Deve essere successiva all'inizio" } });
    }
  });

  it('refuses a stop that ends more than 5 minutes after now', () => {
    given.when(record({ startTime: at('13:50'), endTime: at('14:05') })).then(recordedData((data) => expect(data).toMatchObject({ endTime: '2030-06-05T12:05:00.000Z' })));
    given.when(record({ startTime: at('13:50'), endTime: at('14:06') })).thenRefuses({ status: 400, code: 'INVALID_TIMES', fields: { end_time: 'Nel futuro' } });
  });

  it('gives the equipment’s own ids: the Capper’s first stop of the day', () => {
    given.when(record({ equipmentId: 2, workpointId: 2, stopCodeId: 3 })).then(recordedData((data) => expect(data).toMatchObject({ stopId: CAPPER_1, equipmentId: 2, lineId: 1 })));
  });

  it('refuses an unplanned stop longer than 24 hours, and accepts exactly 24', () => {
    const start = at('08:00', '2030-06-03');
    given
      .when(record({ startTime: start, endTime: at('08:00', '2030-06-04') }))
      .then(recordedData((data) => expect(data).toMatchObject({ startTime: '2030-06-03T06:00:00.000Z' })));
    given.when(record({ startTime: start, endTime: at('08:01', '2030-06-04') })).thenRefuses({
      status: 400,
      code: 'INVALID_TIMES',
      message: 'Controlla le date: uno stop non pianificato dura al massimo 24 ore',
      fields: { end_time: "Al massimo 24 ore dopo l'inizio" },
    });
  });
});

describe('given a stop 08:10–08:25', () => {
  const given = spec.given([recorded]);

  it('refuses an overlapping stop with 409, naming the other stop’s times', () => {
    for (const [s, e] of [
      ['08:20', '08:40'],
      ['08:00', '08:11'],
      ['08:00', '09:00'],
      ['08:12', '08:13'],
    ] as const) {
      given
        .when(record({ startTime: at(s), endTime: at(e) }))
        .thenRefuses({ status: 409, code: 'STOP_OVERLAP', message: 'Lo stop si sovrappone a un altro stop della stessa macchina (08:10–08:25)' });
    }
  });

  it('names the dates when the other stop is on another day', () => {
    // The Filler's first stop of 2030-06-03 (day 11111), 23:50–00:20 in Rome, as its own day stream holds it.
    const night: UnplannedStopFacts = { ...recordedFacts, id: 1_000_001_111_110_001, startTime: '2030-06-03T21:50:00.000Z', endTime: '2030-06-03T22:20:00.000Z' };
    spec
      .given([])
      .when(record({ startTime: at('00:10', '2030-06-04'), endTime: at('00:30', '2030-06-04'), nearby: [night] }))
      .thenRefuses({ message: 'Lo stop si sovrappone a un altro stop della stessa macchina (03/06 23:50–04/06 00:20)' });
  });

  it('checks the stops of other day streams passed in as nearby, not only its own day', () => {
    spec
      .given([])
      .when(record({ startTime: at('08:20'), endTime: at('08:40'), nearby: [recordedFacts] }))
      .thenRefuses({ status: 409, code: 'STOP_OVERLAP' });
    spec
      .given([])
      .when(record({ startTime: at('08:25'), endTime: at('08:40'), nearby: [recordedFacts] }))
      .then(recordedData((data) => expect(data).toMatchObject({ stopId: FILLER_1 })));
  });

  it('accepts a stop that starts when the other ends, with the next id', () => {
    given.when(record({ startTime: at('08:25'), endTime: at('08:40') })).then(recordedData((data) => expect(data).toMatchObject({ stopId: FILLER_2 })));
  });

  it('edits the failure mode or the corrective action, trimmed', () => {
    given.when(edit('failureMode', ' Perdita ')).then([{ type: 'UnplannedStopDetailEdited', data: { stopId: FILLER_1, field: 'failureMode', value: 'Perdita' } }]);
    given.when(edit('correctiveAction', 'c'.repeat(1000))).then((events) => expect(events).toHaveLength(1));
  });

  it('refuses an empty or too long detail, and records nothing for the same text', () => {
    given.when(edit('failureMode', '  ')).thenRefuses({ fields: { value: 'Obbligatorio' } });
    given.when(edit('failureMode', 'f'.repeat(251))).thenRefuses({ fields: { value: 'Al massimo 250 caratteri' } });
    given.when(edit('correctiveAction', 'c'.repeat(1001))).thenRefuses({ fields: { value: 'Al massimo 1000 caratteri' } });
    given.when(edit('failureMode', 'Valvola bloccata ')).thenNothingHappened();
  });

  it('deletes it; an unknown id is a 404', () => {
    given.when(remove(FILLER_1)).then([{ type: 'UnplannedStopDeleted', data: { stopId: FILLER_1 } }]);
    given.when(remove(1_000_001_111_130_009, 'admin')).thenRefuses({ status: 404 });
  });
});

describe('given a deleted stop', () => {
  const given = spec.given([recorded, { type: 'UnplannedStopDeleted', data: { stopId: FILLER_1 } }]);

  it('no longer counts for overlap, and its id is never given again', () => {
    given.when(record()).then(recordedData((data) => expect(data).toMatchObject({ stopId: FILLER_2, startTime: recorded.data.startTime })));
  });

  it('can be neither edited nor deleted again (404)', () => {
    given.when(remove(FILLER_1, 'admin')).thenRefuses('NOT_FOUND');
    given.when(edit('failureMode', 'x', { role: 'admin' })).thenRefuses({ status: 404 });
  });
});

describe('given a stop whose shift report is submitted', () => {
  const given = spec.given([recorded]);
  const commands: UnplannedStopCommand[] = [
    record({ startTime: at('09:00'), endTime: at('09:10'), shiftSubmitted: true }),
    edit('correctiveAction', 'Altro', { shiftSubmitted: true }),
    remove(FILLER_1, 'frontline', true),
  ];

  it('refuses the operator any record, edit or delete: Report già inviato', () => {
    for (const c of commands) {
      given.when(c).thenRefuses((err) => expect([c.type, err.status, err.code, err.message]).toEqual([c.type, 409, 'REPORT_ALREADY_SUBMITTED', 'Report già inviato']));
    }
  });

  it('lets the improvement roles change it', () => {
    for (const role of ['support', 'demoit', 'demoen', 'admin']) {
      for (const c of commands) given.when({ ...c, role }).then((events) => expect(events).toHaveLength(1));
    }
  });
});

describe('given an equipment with 999 stops on the day', () => {
  // Stops 1 to 999 of the Filler's day, 20 seconds each from midnight in Rome (22:00 UTC the day before), all before 06:00.
  const fullDay: UnplannedStopEvent[] = Array.from({ length: 999 }, (_, i) => ({
    type: 'UnplannedStopRecorded',
    data: {
      ...recorded.data,
      stopId: 1_000_001_111_130_000 + i + 1,
      startTime: new Date(Date.parse('2030-06-04T22:00:00Z') + i * 20_000).toISOString(),
      endTime: new Date(Date.parse('2030-06-04T22:00:20Z') + i * 20_000).toISOString(),
    },
  }));

  it('refuses one more stop that day with 409', () => {
    spec.given(fullDay).when(record()).thenRefuses('STOP_IDS_EXHAUSTED');
  });
});
