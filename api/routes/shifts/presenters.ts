import { DateTime } from 'luxon';
import { PLANT_ZONE } from '../../../domain/shifts/calendar.js';
import type { ShiftRow } from '../../../projections/shifts/shifts.queries.js';

const local = (d: Date) => DateTime.fromJSDate(d, { zone: PLANT_ZONE }).toISO({ suppressMilliseconds: true });

/** The spec's shift fields; times are instants with the plant's offset (2025-03-01T22:00:00+01:00). */
export const presentShift = (s: ShiftRow) => ({
  id: s.id,
  name: s.name,
  code: s.code,
  shift_day: s.shiftDay,
  start_time: local(s.startTime),
  end_time: local(s.endTime),
});
