import type { Knex } from 'knex';
import { notFound } from '../domain/shared/errors.js';
import { findActive, type PlantRow, type PlantView } from '../projections/plant/plant.queries.js';

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
