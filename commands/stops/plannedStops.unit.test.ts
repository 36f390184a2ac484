import type { PlannedStopEvent } from '../../domain/stops/events.js';
import type { PlannedStopsState } from '../../domain/stops/plannedState.js';
import { plantStateFrom, smallPlantFile } from '../../test/builders/plantFixtures.js';
import { plannedStopsDecider, type PlannedStopCommand } from './plannedDecider.js';
import type { RecordPlannedStop } from './recordPlannedStop.js';
import { refusal } from '../../test/support/refusals.js';

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
  equipmentId: 3,
  plannedReasonId: 2,
  startTime: at('06:00'),
  endTime: at('06:45'),
  notes: ' Cambio filtri ',
  ...over,
});
const given = (...events: PlannedStopEvent[]) => events.reduce(plannedStopsDecider.evolve, plannedStopsDecider.initialState);
const when = (state: PlannedStopsState, command: PlannedStopCommand) => plannedStopsDecider.decide(command, state, now);
const recorded = (over: Partial<RecordPlannedStop> = {}, state = given()) => when(state, record(over))[0] as Extract<PlannedStopEvent, { type: 'PlannedStopRecorded' }>;
const note = (notes: string | null, over: Partial<{ role: string; shiftSubmitted: boolean; stopId: number }> = {}): PlannedStopCommand => ({
  type: 'EditPlannedStopNote',
  stopId: FIRST,
  notes,
  role: 'frontline',
  shiftSubmitted: false,
  ...over,
});

describe('given an equipment without planned stops', () => {
  it('records the stop in the planned half of the equipment’s block, with its place and trimmed note', () => {
    expect(recorded()).toEqual({
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
    });
  });

  it('keeps a missing or blank note as null', () => {
    expect(recorded({ notes: null }).data.notes).toBeNull();
    expect(recorded({ notes: '   ' }).data.notes).toBeNull();
  });

  it('names an unknown equipment, an unknown reason and a note over 1000 characters', () => {
    const err = refusal(() => recorded({ equipmentId: 99, plannedReasonId: 99, notes: 'n'.repeat(1001) }));
    expect([err.status, err.fields]).toEqual([400, { equipment_id: 'Macchina inesistente', planned_reason_id: 'Causale inesistente', notes: 'Al massimo 1000 caratteri' }]);
    expect(recorded({ notes: 'n'.repeat(1000) }).data.notes).toHaveLength(1000);
  });

  it('applies the time rules: end strictly after start, not in the future', () => {
    const same = refusal(() => recorded({ endTime: at('06:00') }));
    expect([same.code, same.message]).toEqual(['INVALID_TIMES', 'Controlla le date']);
    expect(refusal(() => recorded({ startTime: at('13:00'), endTime: at('15:00') })).fields).toEqual({ end_time: 'Nel futuro' });
  });

  it('does not check overlap between planned stops', () => {
    const state = given(recorded());
    expect(recorded({}, state).data.stopId).toBe(SECOND);
  });
});

describe('given a planned stop with a note', () => {
  const state = given(recorded());

  it('changes the note, and lets it be emptied (stored as null)', () => {
    expect(when(state, note('Filtri e guarnizioni'))).toEqual([{ type: 'PlannedStopNoteEdited', data: { stopId: FIRST, notes: 'Filtri e guarnizioni' } }]);
    expect(when(state, note(''))).toEqual([{ type: 'PlannedStopNoteEdited', data: { stopId: FIRST, notes: null } }]);
    expect(when(state, note(null))).toEqual([{ type: 'PlannedStopNoteEdited', data: { stopId: FIRST, notes: null } }]);
  });

  it('records nothing for the same note, and refuses one over 1000 characters', () => {
    expect(when(state, note('Cambio filtri'))).toEqual([]);
    expect(refusal(() => when(state, note('n'.repeat(1001)))).fields).toEqual({ notes: 'Al massimo 1000 caratteri' });
  });

  it('deletes it; the note of an unknown stop is a 404', () => {
    expect(when(state, { type: 'DeletePlannedStop', stopId: FIRST, role: 'frontline', shiftSubmitted: false })).toEqual([{ type: 'PlannedStopDeleted', data: { stopId: FIRST } }]);
    expect(refusal(() => when(state, note('x', { stopId: SECOND }))).status).toBe(404);
  });
});

describe('given a deleted planned stop', () => {
  const state = given(recorded(), { type: 'PlannedStopDeleted', data: { stopId: FIRST } });

  it('cannot be edited or deleted again, and its id is not given again', () => {
    expect(refusal(() => when(state, note('x'))).code).toBe('NOT_FOUND');
    expect(refusal(() => when(state, { type: 'DeletePlannedStop', stopId: FIRST, role: 'admin', shiftSubmitted: false })).status).toBe(404);
    expect(recorded({}, state).data.stopId).toBe(SECOND);
  });
});

describe('given a planned stop whose shift report is submitted', () => {
  const state = given(recorded());
  const commands: PlannedStopCommand[] = [
    record({ shiftSubmitted: true }),
    note('Altro', { shiftSubmitted: true }),
    { type: 'DeletePlannedStop', stopId: FIRST, role: 'frontline', shiftSubmitted: true },
  ];

  it('refuses the operator: Report già inviato', () => {
    for (const c of commands) {
      const err = refusal(() => when(state, c));
      expect([c.type, err.status, err.code, err.message]).toEqual([c.type, 409, 'REPORT_ALREADY_SUBMITTED', 'Report già inviato']);
    }
  });

  it('lets the improvement roles change it', () => {
    for (const role of ['support', 'demoit', 'demoen', 'admin']) for (const c of commands) expect(when(state, { ...c, role })).toHaveLength(1);
  });
});
