import type { PlannedStopEvent } from '../../domain/stops/events.js';
import type { PlannedStopFacts } from '../../domain/stops/plannedState.js';
import { plantStateFrom, smallPlantFile } from '../../test/builders/plantFixtures.js';
import { deciderSpec } from '../../test/support/deciderSpec.js';
import { plannedStopsDecider, type PlannedStopCommand } from './plannedDecider.js';
import type { RecordPlannedStop } from './recordPlannedStop.js';

// Small plant: equipments 1, 2 on line 1 and 3 on line 2 (shop floor 1); planned stop reasons 1, 2.
const plant = plantStateFrom(smallPlantFile());
const now = new Date('2030-06-05T12:00:00Z');
const at = (hhmm: string) => new Date(`2030-06-05T${hhmm}:00+02:00`).toISOString();

// Day ids (domain/stops/ids.ts): 10^15 + equipment × 10^9 + day × 10^4 + 1000 (planned) + n; 2030-06-05 is day 11113.
const FIRST = 1_000_003_111_131_001;
const SECOND = 1_000_003_111_131_002;

const record = (over: Partial<RecordPlannedStop> = {}): RecordPlannedStop => ({
  type: 'RecordPlannedStop',
  day: '2030-06-05',
  plant,
  role: 'frontline',
  shiftSubmitted: false,
  nearby: [],
  equipmentId: 3,
  plannedReasonId: 2,
  startTime: at('06:00'),
  endTime: at('06:45'),
  notes: ' Cambio filtri ',
  ...over,
});
const note = (notes: string | null, over: Partial<{ role: string; shiftSubmitted: boolean; stopId: number }> = {}): PlannedStopCommand => ({
  type: 'EditPlannedStopNote',
  stopId: FIRST,
  notes,
  role: 'frontline',
  shiftSubmitted: false,
  ...over,
});
const spec = deciderSpec(plannedStopsDecider, now);

type Recorded = Extract<PlannedStopEvent, { type: 'PlannedStopRecorded' }>;
/** The recorded stop's data passes the check. */
const recordedData = (check: (data: Recorded['data']) => void) => (events: PlannedStopEvent[]) => check((events[0] as Recorded).data);

/** The stop `record()` records on an equipment without planned stops: 06:00–06:45 in Rome. */
const recorded: Recorded = {
  type: 'PlannedStopRecorded',
  data: {
    stopId: FIRST,
    shopFloorId: 1,
    lineId: 2,
    equipmentId: 3,
    plannedReasonId: 2,
    startTime: '2030-06-05T04:00:00.000Z',
    endTime: '2030-06-05T04:45:00.000Z',
    notes: 'Cambio filtri',
  },
};
const deleted: PlannedStopEvent = { type: 'PlannedStopDeleted', data: { stopId: FIRST } };

describe('given an equipment without planned stops', () => {
  it('records the stop in the planned half of the equipment’s block, with its place and trimmed note', () => {
    spec.given([]).when(record()).then([recorded]);
  });

  it('keeps a missing or blank note as null', () => {
    spec
      .given([])
      .when(record({ notes: null }))
      .then(recordedData((data) => expect(data.notes).toBeNull()));
    spec
      .given([])
      .when(record({ notes: '   ' }))
      .then(recordedData((data) => expect(data.notes).toBeNull()));
  });

  it('names an unknown equipment, an unknown reason and a note over 1000 characters', () => {
    spec
      .given([])
      .when(record({ equipmentId: 99, plannedReasonId: 99, notes: 'n'.repeat(1001) }))
      .thenRefuses({ status: 400, fields: { equipment_id: 'Macchina inesistente', planned_reason_id: 'Causale inesistente', notes: 'Al massimo 1000 caratteri' } });
    spec
      .given([])
      .when(record({ notes: 'n'.repeat(1000) }))
      .then(recordedData((data) => expect(data.notes).toHaveLength(1000)));
  });

  it('applies the time rules: end strictly after start, not in the future', () => {
    spec
      .given([])
      .when(record({ endTime: at('06:00') }))
      .thenRefuses({ code: 'INVALID_TIMES', message: 'Controlla le date' });
    spec
      .given([])
      .when(record({ startTime: at('13:00'), endTime: at('15:00') }))
      .thenRefuses({ fields: { end_time: 'Nel futuro' } });
  });
});

describe('given a planned stop 06:00–06:45', () => {
  const given = spec.given([recorded]);
  const OVERLAP = 'Lo stop si sovrappone a un altro stop della stessa macchina (06:00–06:45)';

  it('refuses the same stop entered again, or one overlapping it, with 409 naming the other stop’s times', () => {
    for (const [s, e] of [
      ['06:00', '06:45'],
      ['06:30', '07:00'],
      ['05:00', '06:01'],
      ['05:00', '08:00'],
      ['06:10', '06:20'],
    ] as const) {
      given.when(record({ startTime: at(s), endTime: at(e) })).thenRefuses({ status: 409, code: 'STOP_OVERLAP', message: OVERLAP });
    }
  });

  it('accepts a stop that starts when the other ends, or ends when it starts, with the next id', () => {
    given.when(record({ startTime: at('06:45'), endTime: at('07:00') })).then(recordedData((data) => expect(data.stopId).toBe(SECOND)));
    given.when(record({ startTime: at('05:30'), endTime: at('06:00') })).then(recordedData((data) => expect(data.stopId).toBe(SECOND)));
  });

  it('checks the planned stops of other day streams passed in as nearby, naming their dates', () => {
    // A two-day shutdown recorded on 2030-06-04, 22:00 to 2030-06-05 07:00 in Rome.
    const shutdown: PlannedStopFacts = {
      id: 1_000_003_111_121_001,
      shopFloorId: 1,
      lineId: 2,
      startTime: '2030-06-04T20:00:00.000Z',
      endTime: '2030-06-05T05:00:00.000Z',
      notes: null,
    };
    spec
      .given([])
      .when(record({ nearby: [shutdown] }))
      .thenRefuses({ status: 409, code: 'STOP_OVERLAP', message: 'Lo stop si sovrappone a un altro stop della stessa macchina (04/06 22:00–05/06 07:00)' });
    spec
      .given([])
      .when(record({ startTime: at('07:00'), endTime: at('07:30'), nearby: [shutdown] }))
      .then(recordedData((data) => expect(data.stopId).toBe(FIRST)));
  });
});

describe('given a planned stop with a note', () => {
  const given = spec.given([recorded]);

  it('changes the note, and lets it be emptied (stored as null)', () => {
    given.when(note('Filtri e guarnizioni')).then([{ type: 'PlannedStopNoteEdited', data: { stopId: FIRST, notes: 'Filtri e guarnizioni' } }]);
    given.when(note('')).then([{ type: 'PlannedStopNoteEdited', data: { stopId: FIRST, notes: null } }]);
    given.when(note(null)).then([{ type: 'PlannedStopNoteEdited', data: { stopId: FIRST, notes: null } }]);
  });

  it('records nothing for the same note, and refuses one over 1000 characters', () => {
    given.when(note('Cambio filtri')).thenNothingHappened();
    given.when(note('n'.repeat(1001))).thenRefuses({ fields: { notes: 'Al massimo 1000 caratteri' } });
  });

  it('deletes it; the note of an unknown stop is a 404', () => {
    given.when({ type: 'DeletePlannedStop', stopId: FIRST, role: 'frontline', shiftSubmitted: false }).then([deleted]);
    given.when(note('x', { stopId: SECOND })).thenRefuses({ status: 404 });
  });
});

describe('given a deleted planned stop', () => {
  const given = spec.given([recorded, deleted]);

  it('cannot be edited or deleted again, and its id is not given again', () => {
    given.when(note('x')).thenRefuses('NOT_FOUND');
    given.when({ type: 'DeletePlannedStop', stopId: FIRST, role: 'admin', shiftSubmitted: false }).thenRefuses({ status: 404 });
    given.when(record()).then(recordedData((data) => expect(data.stopId).toBe(SECOND)));
  });
});

describe('given a planned stop whose shift report is submitted', () => {
  const given = spec.given([recorded]);
  const commands: PlannedStopCommand[] = [
    record({ shiftSubmitted: true, startTime: at('07:00'), endTime: at('07:30') }),
    note('Altro', { shiftSubmitted: true }),
    { type: 'DeletePlannedStop', stopId: FIRST, role: 'frontline', shiftSubmitted: true },
  ];

  it('refuses the operator: Report già inviato', () => {
    for (const c of commands) {
      given.when(c).thenRefuses((err) => expect([c.type, err.status, err.code, err.message]).toEqual([c.type, 409, 'REPORT_ALREADY_SUBMITTED', 'Report già inviato']));
    }
  });

  it('lets the improvement roles change it', () => {
    for (const role of ['support', 'demoit', 'demoen', 'admin']) for (const c of commands) given.when({ ...c, role }).then((events) => expect(events).toHaveLength(1));
  });
});
