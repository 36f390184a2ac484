import type { Knex } from 'knex';
import { notFound } from '../domain/shared/errors.js';
import { MAX_GENERATION_DAYS } from '../domain/shifts/calendar.js';
import { findActive, type PlantRow, type PlantView } from '../projections/plant/plant.queries.js';
import { checkDayRange } from './params.js';

/** The 404 text of each plant view when an id is unknown or retired. */
export const PLANT_NOT_FOUND: Record<PlantView, string> = {
  shopFloors: 'Reparto non trovato',
  lines: 'Linea non trovata',
  equipments: 'Macchina non trovata',
  workpoints: 'Area non trovata',
  stopCodes: 'Codice di stop non trovato',
  triggeringEvents: 'Evento non trovato',
  plannedStopReasons: 'Causale non trovata',
};

/** The active plant item, or 404 with its view's text ('Reparto non trovato', ...): the calls that name a plant item check it the same way. */
export async function existingPlant(knex: Knex, view: PlantView, id: number): Promise<PlantRow> {
  const row = await findActive(knex, view, id);
  if (!row) throw notFound(PLANT_NOT_FOUND[view]);
  return row;
}

/**
 * A list over days of one shop floor, optionally narrowed to some of its shifts (the Root Cause
 * Tool's stops, the DBR actions): a range of at most MAX_GENERATION_DAYS days (400), a known shop
 * floor and shifts that all belong to it (404). `knownShifts` answers the ids its read model holds.
 */
export async function checkRangeFilter(
  knex: Knex,
  q: { shopFloorId: number; dateFrom: string; dateTo: string; shiftIds: number[] },
  knownShifts: (knex: Knex, shopFloorId: number, ids: number[]) => Promise<number[]>,
): Promise<void> {
  checkDayRange(q.dateFrom, q.dateTo, MAX_GENERATION_DAYS);
  await existingPlant(knex, 'shopFloors', q.shopFloorId);
  if (q.shiftIds.length > 0 && (await knownShifts(knex, q.shopFloorId, q.shiftIds)).length !== q.shiftIds.length) throw notFound('Turno non trovato');
}
