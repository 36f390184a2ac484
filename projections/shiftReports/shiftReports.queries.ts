import type { Knex } from 'knex';
import type { MachineNoteRow } from '../../domain/shiftReports/events.js';

/** A report as stored; `revision` is what the client sends back to write safely. */
export interface ShiftReportRow {
  lineId: number;
  shopFloorId: number;
  day: string;
  shiftCode: string;
  notes: string;
  machineNotes: MachineNoteRow[];
  productionVolume: number | null;
  waste: number | null;
  workingTime: number | null;
  confirmed: boolean;
  revision: number;
  updatedAt: Date;
  updatedBy: string;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The report of a line, day and shift as the read model has it, or null when none was saved. */
export async function findShiftReport(knex: Knex, lineId: number, day: string, shiftCode: string): Promise<ShiftReportRow | null> {
  const r = await knex('shift_reports').where({ line_id: lineId, day, shift_code: shiftCode }).first();
  return r ? toReport(r) : null;
}

/** The reports of these lines for one day and shift, by line (lines without one are absent): one query. */
export async function findShiftReports(knex: Knex, lineIds: readonly number[], day: string, shiftCode: string): Promise<Map<number, ShiftReportRow>> {
  const rows = await knex('shift_reports')
    .whereIn('line_id', [...lineIds])
    .andWhere({ day, shift_code: shiftCode });
  return new Map(rows.map((r: Record<string, unknown>) => [Number(r.line_id), toReport(r)]));
}

function toReport(r: Record<string, unknown>): ShiftReportRow {
  return {
    lineId: Number(r.line_id),
    shopFloorId: Number(r.shop_floor_id),
    day: String(r.day),
    shiftCode: String(r.shift_code),
    notes: String(r.notes),
    machineNotes: r.machine_notes as MachineNoteRow[],
    productionVolume: num(r.production_volume),
    waste: num(r.waste),
    workingTime: num(r.working_time),
    confirmed: Boolean(r.confirmed),
    revision: Number(r.revision),
    updatedAt: r.updated_at as Date,
    updatedBy: String(r.updated_by),
  };
}

/**
 * When each of these shifts' reports of a line was first sent, by `day|code` (shifts whose report
 * was never sent are absent): one query.
 */
export async function sentTimes(knex: Knex, lineId: number, shifts: ReadonlyArray<{ day: string; code: string }>): Promise<Map<string, Date>> {
  if (shifts.length === 0) return new Map();
  const r = await knex.raw<{ rows: Array<{ day: string; shift_code: string; submitted_at: Date }> }>(
    `select to_char(r.day, 'YYYY-MM-DD') as day, r.shift_code, r.submitted_at
       from shift_reports r join unnest(?::date[], ?::text[]) as k(day, code) on r.day = k.day and r.shift_code = k.code
      where r.line_id = ? and r.submitted_at is not null`,
    [shifts.map((s) => s.day), shifts.map((s) => s.code), lineId],
  );
  return new Map(r.rows.map((row) => [`${row.day}|${row.shift_code}`, row.submitted_at]));
}
