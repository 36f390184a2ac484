import type { MachineNoteRow } from '../domain/shiftReports/events.js';
import type { Random } from './random.js';

/**
 * The Italian texts of the demo history that are not about one stop code: planned-stop
 * notes and the shift report's notes and machine-note rows, composed from what
 * happened in the shift so the report and its stop tables tell the same story.
 */

/** The demo plant's planned stop reasons the history uses, by name (seed/demo-plant.json). */
export const REASON = {
  format: 'Cambio formato',
  cleaning: 'Pulizia programmata',
  maintenance: 'Manutenzione preventiva',
} as const;
export type ReasonKind = keyof typeof REASON;

const FORMATS = ['0,33 L', '0,5 L', '0,75 L', '1 L', '1,5 L', '2 L'];

const CLEANING: Record<string, string[]> = {
  Filler: ['Pulizia programmata della giostra e dei nastri', 'Lavaggio CIP del circuito di riempimento', 'Sanificazione di stelle e guide'],
  Capper: ['Pulizia della tramoggia e del canale tappi', 'Pulizia delle teste di tappatura e delle ottiche della visione'],
  Cartoner: ['Pulizia del fusore e delle pistole colla', 'Pulizia del magazzino fustelle e delle ventose'],
};
const MAINTENANCE: Record<string, string[]> = {
  Filler: ['Sostituzione delle guarnizioni delle valvole di riempimento', 'Lubrificazione della giostra e della coclea', 'Controllo usura di stelle e guide'],
  Capper: ['Sostituzione delle pinze di tappatura', 'Verifica della coppia di serraggio con il torsiometro', 'Lubrificazione delle teste di tappatura'],
  Cartoner: ['Sostituzione delle ventose del magazzino fustelle', 'Sostituzione del filtro della colla', 'Controllo di catene e cinghie di trasporto'],
};
const GENERIC_CLEANING = ['Pulizia programmata della macchina', 'Pulizia di nastri e fotocellule'];
const GENERIC_MAINTENANCE = ['Lubrificazione e serraggi programmati', 'Controllo generale programmato'];

/** A planned stop's note; sometimes none, as operators leave it empty. */
export function plannedNote(random: Random, kind: ReasonKind, equipmentName: string): string | null {
  if (random.chance(0.1)) return null;
  if (kind === 'format') {
    const from = random.pick(FORMATS);
    const to = random.pick(FORMATS.filter((f) => f !== from));
    return random.pick([`Cambio formato da ${from} a ${to}`, `Cambio formato ${from} → ${to}: sostituite guide e stelle`, `Passaggio al formato ${to}`]);
  }
  return random.pick((kind === 'cleaning' ? CLEANING : MAINTENANCE)[equipmentName] ?? (kind === 'cleaning' ? GENERIC_CLEANING : GENERIC_MAINTENANCE));
}

/** What the report's texts are composed from. */
export interface ShiftFacts {
  efficiency: number;
  wasteRate: number;
  unplanned: Array<{ equipment: string; stopCode: string; correctiveAction: string; minutes: number }>;
  planned: Array<{ equipment: string; reason: string; notes: string | null; minutes: number }>;
}

const OPENING = {
  good: ['Turno regolare, produzione sopra obiettivo.', 'Ottimo turno, linea stabile per tutto il turno.', 'Produzione in linea con il piano, nessuna criticità rilevante.'],
  normal: ['Turno regolare.', 'Produzione in linea con il piano.', 'Turno nella norma, qualche microfermata.', 'Turno nel complesso regolare.'],
  poorStops: ['Turno difficile, produzione sotto obiettivo.', 'Rendimento basso per i fermi della linea.', 'Turno sotto le attese: più fermi del solito.'],
  poorSlow: [
    'Turno sotto obiettivo: linea a velocità ridotta.',
    'Produzione sotto le attese per rallentamenti e microfermate.',
    'Rendimento basso, linea rallentata dal materiale.',
  ],
};

/** How the shift went, consistent with its stops: no 'stable line' after three breakdowns, no 'many stops' without any. */
function opening(random: Random, efficiency: number, stops: number): string {
  if (efficiency >= 0.84) return random.pick(stops <= 1 ? OPENING.good : OPENING.normal);
  if (efficiency >= 0.72) return random.pick(OPENING.normal);
  return random.pick(stops >= 2 ? OPENING.poorStops : OPENING.poorSlow);
}
const EXTRA = [
  'Nuovo lotto di tappi in uso da metà turno.',
  'Magazzino cartoni rifornito a fine turno.',
  'Passaggio di consegne fatto con il turno successivo.',
  'Presente un operatore in affiancamento.',
  'Controlli qualità orari tutti conformi.',
  'Pallet in uscita ritirati regolarmente dal magazzino.',
  'Chiesto alla manutenzione un controllo nel prossimo turno.',
  'Scorte di vuoti sufficienti per il turno successivo.',
];
const QUIET = ['Funzionamento regolare', 'Nessuna anomalia', 'Controlli di inizio turno OK', 'Nessun intervento necessario'];

const minutesText = (m: number) => `${m} min`;
const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** The report's free text: how the shift went, its stops, its planned stops, sometimes a remark. */
export function reportNotes(random: Random, facts: ShiftFacts): string {
  const n = facts.unplanned.length;
  const parts = [opening(random, facts.efficiency, n)];
  if (n === 0) {
    parts.push('Nessun fermo non pianificato.');
  } else {
    const total = facts.unplanned.reduce((s, u) => s + u.minutes, 0);
    const longest = [...facts.unplanned].sort((a, b) => b.minutes - a.minutes)[0]!;
    parts.push(
      n === 1
        ? `Un fermo non pianificato su ${longest.equipment} (${lower(longest.stopCode)}, ${minutesText(longest.minutes)}).`
        : `${n} fermi non pianificati per ${minutesText(total)} in totale; il più lungo su ${longest.equipment} (${lower(longest.stopCode)}, ${minutesText(longest.minutes)}).`,
    );
  }
  for (const p of facts.planned) parts.push(`Stop pianificato su ${p.equipment}: ${lower(p.reason)} (${minutesText(p.minutes)}).`);
  if (facts.wasteRate > 0.022) parts.push('Scarti sopra la media, segnalato alla qualità.');
  if (random.chance(0.35)) parts.push(random.pick(EXTRA));
  return parts.join(' ');
}

/**
 * Machine-note rows under the shop floor's report labels (the first names the machine,
 * the second holds the note): one row per machine that stopped, else a quiet row.
 */
export function machineNotes(random: Random, labels: readonly string[], facts: ShiftFacts, quietMachine: string): MachineNoteRow[] {
  const [machineLabel, noteLabel] = labels;
  if (!machineLabel) return [];
  const row = (machine: string, note: string): MachineNoteRow => (noteLabel ? { [machineLabel]: machine, [noteLabel]: note } : { [machineLabel]: `${machine}: ${note}` });
  const rows: MachineNoteRow[] = [];
  const byMachine = new Map<string, ShiftFacts['unplanned']>();
  for (const u of facts.unplanned) byMachine.set(u.equipment, [...(byMachine.get(u.equipment) ?? []), u]);
  for (const [machine, stops] of byMachine) {
    const worst = [...stops].sort((a, b) => b.minutes - a.minutes)[0]!;
    const more = stops.length > 1 ? ` (${stops.length} fermi)` : '';
    rows.push(row(machine, `${worst.stopCode}${more}: ${lower(worst.correctiveAction)}`));
  }
  for (const p of facts.planned) rows.push(row(p.equipment, p.notes ? `${p.reason}: ${p.notes}` : p.reason));
  if (rows.length === 0) rows.push(row(quietMachine, random.pick(QUIET)));
  return rows.slice(0, 10);
}
