/**
 * The demo plant of the assistants in both languages (line log §3, foundations §9): Line 1 to 3,
 * each with the Filler (Riempitrice), the Capper and the Cartoner. In Italian the lines are
 * 'Linea 1'–'Linea 3', as the plant names them ('Quale macchina della Linea 1?', issue 22).
 */
import type { Lang } from '../engine.js';
import { CENTERLINE_EN } from './centerline.en.js';
import { CENTERLINE_IT } from './centerline.it.js';
import { CIL_EN } from './cil.en.js';
import { CIL_IT } from './cil.it.js';
import type { DemoData } from './types.js';

const LINES_IT = ['Linea 1', 'Linea 2', 'Linea 3'] as const;
const LINES_EN = ['Line 1', 'Line 2', 'Line 3'] as const;

/** The demo data per language. */
export const DEMO_DATA: Readonly<Record<Lang, DemoData>> = {
  it: {
    lines: LINES_IT,
    equipment: [
      { name: 'Riempitrice', workpoints: ['Valvole di riempimento', 'Serbatoio prodotto', 'Nastro di ingresso'] },
      { name: 'Capper', workpoints: ['Testa di avvitamento', 'Canale tappi'] },
      { name: 'Cartoner', workpoints: ['Magazzino astucci', 'Gruppo incollatore'] },
    ],
    cil: CIL_IT,
    centerline: CENTERLINE_IT,
  },
  en: {
    lines: LINES_EN,
    equipment: [
      { name: 'Filler', workpoints: ['Filling valves', 'Product tank', 'Infeed conveyor'] },
      { name: 'Capper', workpoints: ['Capping head', 'Cap chute'] },
      { name: 'Cartoner', workpoints: ['Carton magazine', 'Glue unit'] },
    ],
    cil: CIL_EN,
    centerline: CENTERLINE_EN,
  },
};

/** Each value once, in the order first met (the frequencies and setting types the chips offer). */
export function distinct(values: readonly string[]): string[] {
  return [...new Set(values)];
}
