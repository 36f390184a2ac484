import { z } from 'zod';

/**
 * Where a planned stop falls in the OEE time model (docs/oee.md, ISO 22400-2):
 * `excluded` stops (breaks, meetings, no orders, planned maintenance) come off the planned
 * operating time; `loss` stops (changeovers, planned cleaning, trials) are setup losses
 * inside the planned busy time.
 */
export const OEE_CATEGORIES = ['excluded', 'loss'] as const;
export type OeeCategory = (typeof OEE_CATEGORIES)[number];
export const oeeCategorySchema = z.enum(OEE_CATEGORIES);

/**
 * The category a planned stop reason gets when it is added without one, by its name: the
 * demo plant's reasons as documented in docs/oee.md; any other name is planned downtime
 * (`excluded`), as ISO 22400 treats a planned stop. Plants recorded before categories
 * existed get these by replay, so an upgrade needs no migration.
 */
export const DEFAULT_OEE_CATEGORIES: Readonly<Record<string, OeeCategory>> = {
  'Cambio formato': 'loss',
  'Pulizia programmata': 'loss',
  'Prova tecnica': 'loss',
  'Manutenzione preventiva': 'excluded',
  'Pausa mensa': 'excluded',
  'Riunione di reparto': 'excluded',
  Formazione: 'excluded',
  'Mancanza ordini': 'excluded',
};

export function defaultOeeCategory(name: string): OeeCategory {
  return DEFAULT_OEE_CATEGORIES[name.trim()] ?? 'excluded';
}

/** Unplanned stops shorter than this are minor stops unless the call says otherwise (docs/oee.md); the OEE rollup sums breakdowns at this threshold. */
export const DEFAULT_MINOR_STOP_MINUTES = 5;

/**
 * The longest threshold a call may ask (whole minutes, from 1). The OEE rollup keeps the
 * unplanned minutes by whole minutes of length up to this, so any threshold reads sums.
 */
export const MAX_MINOR_STOP_MINUTES = 480;
