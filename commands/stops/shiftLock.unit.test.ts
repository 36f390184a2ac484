import { createCatalog } from '../../domain/catalog.js';
import { MemoryEventStore } from '../../infra/eventstore/memory.js';
import { decideOn } from '../../test/builders/decideOn.js';
import { ReadSet } from '../readSet.js';
import { shiftCalendarDecider } from '../shifts/decider.js';
import { isShiftSubmitted, shiftReportStream, shiftsContaining } from './shiftLock.js';

const PATTERNS = [
  { name: 'Turno A', code: 'A', start: '06:00', end: '14:00', extra: false },
  { name: 'Turno B', code: 'B', start: '14:00', end: '22:00', extra: false },
  { name: 'Turno C', code: 'C', start: '22:00', end: '06:00', extra: false },
  { name: 'Turno E', code: 'E', start: '08:00', end: '16:00', extra: true },
];
const ctx = { userId: 'u', username: 'admin', role: 'admin', now: new Date('2030-06-01T00:00:00Z') };
const metadata = { userId: 'u', username: 'frontline', role: 'frontline', correlationId: 'c', causationId: null, occurredAt: '2030-06-05T12:00:00Z' };
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+02:00`).toISOString();

/** The lock reads the calendar and the report streams from the store; the report's event is appended raw, as its own aggregate would. */
describe('given a calendar for June 5-6 with A, B, C and the extra E', () => {
  const deps = { store: new MemoryEventStore(), catalog: createCatalog() };
  const submit = (lineId: number, day: string, code: string) =>
    deps.store.appendToStream(shiftReportStream(lineId, day, code), [{ type: 'ShiftReportSubmitted', schemaVersion: 1, data: {}, metadata }], { expectedRevision: 'any' });

  beforeAll(async () => {
    await decideOn(
      deps,
      'shift-calendar-1',
      shiftCalendarDecider,
      {
        type: 'GenerateShifts',
        shopFloorId: 1,
        startDate: '2030-06-05',
        endDate: '2030-06-06',
        patterns: PATTERNS,
        manageExtraShift: true,
      },
      ctx,
    );
  });

  it('finds the shifts whose [start, end) holds an instant: the night shift belongs to the day it starts', async () => {
    const codes = async (day: string, hhmm: string) => (await shiftsContaining(new ReadSet(deps), 1, at(day, hhmm))).map((s) => `${s.shiftDay} ${s.code}`);
    expect(await codes('2030-06-05', '09:00')).toEqual(['2030-06-05 A', '2030-06-05 E']);
    expect(await codes('2030-06-05', '14:00')).toEqual(['2030-06-05 B', '2030-06-05 E']);
    expect(await codes('2030-06-06', '02:00')).toEqual(['2030-06-05 C']);
    expect(await shiftsContaining(new ReadSet(deps), 2, at('2030-06-05', '09:00'))).toEqual([]);
  });

  it('locks a stop only once a report of a shift holding its start is submitted, on that line', async () => {
    const line1 = { shopFloorId: 1, lineId: 1 };
    expect(await isShiftSubmitted(new ReadSet(deps), line1, at('2030-06-06', '02:00'))).toBe(false);
    await deps.store.appendToStream(shiftReportStream(1, '2030-06-05', 'C'), [{ type: 'ShiftReportDraftSaved', schemaVersion: 1, data: {}, metadata }], {
      expectedRevision: 'any',
    });
    expect(await isShiftSubmitted(new ReadSet(deps), line1, at('2030-06-06', '02:00'))).toBe(false);
    await submit(1, '2030-06-05', 'C');
    expect(await isShiftSubmitted(new ReadSet(deps), line1, at('2030-06-06', '02:00'))).toBe(true);
    expect(await isShiftSubmitted(new ReadSet(deps), { shopFloorId: 1, lineId: 2 }, at('2030-06-06', '02:00'))).toBe(false);
    expect(await isShiftSubmitted(new ReadSet(deps), line1, at('2030-06-06', '06:00'))).toBe(false);
  });

  it('locks a stop in the extra shift’s hours when either report holding it is submitted', async () => {
    await submit(3, '2030-06-05', 'E');
    expect(await isShiftSubmitted(new ReadSet(deps), { shopFloorId: 1, lineId: 3 }, at('2030-06-05', '09:00'))).toBe(true);
    expect(await isShiftSubmitted(new ReadSet(deps), { shopFloorId: 1, lineId: 3 }, at('2030-06-05', '07:00'))).toBe(false);
  });

  it('never locks a stop outside every shift', async () => {
    expect(await isShiftSubmitted(new ReadSet(deps), { shopFloorId: 1, lineId: 1 }, at('2030-07-01', '09:00'))).toBe(false);
  });
});
