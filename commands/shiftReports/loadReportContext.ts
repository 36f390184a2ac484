import type { Knex } from 'knex';
import { notFound, validationError } from '../../domain/shared/errors.js';
import type { ReportKey } from '../../domain/shiftReports/events.js';
import { findReportLabels } from '../../projections/plant/plant.queries.js';

/** The line a report belongs to, found by the name the spec's calls send. */
export interface ReportLine {
  lineId: number;
  shopFloorId: number;
  lineName: string;
}

/** Everything a report command needs besides the client's content. */
export interface ReportContext {
  key: ReportKey;
  lineName: string;
  labels: string[];
  shiftHours: number;
}

/**
 * The spec's calls name the line (`line_name`), not its id. Names are unique within a
 * shop floor only, so when two shop floors have a line of that name the user's default
 * station decides; if it cannot, the request is refused rather than guessed.
 */
export async function resolveReportLine(knex: Knex, lineName: string, username: string): Promise<ReportLine> {
  const rows: Array<{ id: number; shop_floor_id: number; name: string }> = await knex('plant_lines')
    .where({ retired: false, name: lineName.trim() })
    .orderBy('id')
    .select('id', 'shop_floor_id', 'name');
  const toLine = (r: (typeof rows)[number]): ReportLine => ({ lineId: Number(r.id), shopFloorId: Number(r.shop_floor_id), lineName: r.name });
  if (rows.length === 0) throw notFound('Linea non trovata');
  if (rows.length === 1) return toLine(rows[0]!);
  const station = await knex('default_stations').where({ username: username.toLowerCase() }).first('shop_floor_id');
  const mine = station ? rows.filter((r) => Number(r.shop_floor_id) === Number(station.shop_floor_id)) : [];
  if (mine.length === 1) return toLine(mine[0]!);
  throw validationError('Più reparti hanno una linea con questo nome: scegli il reparto nella stazione di default', { line_name: 'Linea ambigua' });
}

/** Length in hours of the shop floor's shift of that code on that day, or null when there is none. */
export async function findShiftHours(knex: Knex, shopFloorId: number, day: string, shiftCode: string): Promise<number | null> {
  const row = await knex('shifts').where({ shop_floor_id: shopFloorId, shift_day: day, code: shiftCode }).first('start_time', 'end_time');
  if (!row) return null;
  return (new Date(row.end_time).getTime() - new Date(row.start_time).getTime()) / 3_600_000;
}

/**
 * Resolves a write's line and shift from the read models (404 for an unknown line or a
 * shift the calendar does not have) and brings the shop floor's report labels.
 */
export async function loadReportContext(knex: Knex, input: { lineName: string; day: string; shiftCode: string; username: string }): Promise<ReportContext> {
  const line = await resolveReportLine(knex, input.lineName, input.username);
  const shiftHours = await findShiftHours(knex, line.shopFloorId, input.day, input.shiftCode);
  if (shiftHours === null) throw notFound('Turno non trovato');
  return {
    key: { lineId: line.lineId, shopFloorId: line.shopFloorId, day: input.day, shiftCode: input.shiftCode },
    lineName: line.lineName,
    labels: await findReportLabels(knex, line.shopFloorId),
    shiftHours,
  };
}
