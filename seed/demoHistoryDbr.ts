import { DateTime } from 'luxon';
import { PLANT_ZONE } from '../domain/shifts/calendar.js';
import type { CreateDbrActionInput } from '../commands/dbrActions/createDbrAction.js';
import { DEMO_HISTORY_SEED, type HistoryLine } from './demoHistoryPlan.js';
import { createRandom, hashSeed, type Random } from './random.js';

/**
 * The DBR routine of the demo history as a pure function: which actions the improvement
 * staff plan for a line's day (at the previous afternoon's DBR meeting) and when, if ever,
 * the line ticks them. From the line, the day's regular shifts and a seed; no I/O, no clock
 * (the writer leaves out what would happen after it).
 */

/** A regular shift of the due day, as the calendar lists it. */
export interface DbrShift {
  id: number;
  name: string;
  startTime: string;
  endTime: string;
}

export interface DbrActionPlan {
  input: CreateDbrActionInput;
  /** The DBR meeting of the day before: when the action is created. */
  createdAt: Date;
  /** When the line ticks it: on time, late (after its shift or day), or never (null). */
  executedAt: Date | null;
  /** For the tests and the log: how the plan meant it. */
  outcome: 'on_time' | 'late' | 'open';
}

/** Activities by the equipment they concern ('' for the whole line); each line also gets its chronic problem. */
const ACTIVITIES: Record<string, readonly string[]> = {
  Filler: [
    'Ricalibrare il sensore di livello della riempitrice',
    'Verificare le guarnizioni delle valvole di riempimento',
    'Pulire la giostra di riempimento a fine turno',
    'Controllare la pressione del prodotto in ingresso',
  ],
  Capper: [
    'Verificare la coppia di serraggio dei tappi',
    'Pulire le fotocellule della tappatrice',
    'Controllare l’usura delle teste di tappatura',
    'Ripristinare il centerline della testa di tappatura',
  ],
  Cartoner: [
    'Controllare l’usura delle ventose della cartonatrice',
    'Verificare il magazzino cartoni e le guide di alimentazione',
    'Controllare ugelli e temperatura della colla a caldo',
    'Registrare le alette di chiusura dei cartoni',
  ],
  '': [
    'Analizzare con il turno i micro-fermi del giorno precedente',
    'Aggiornare lo standard di cambio formato',
    'Verificare la tensione dei nastri di trasporto',
    'Formare il turno sul nuovo standard di pulizia',
    'Controllare gli scarti a fine linea con la Qualità',
  ],
};
/** Each line's recurring problem (demoHistoryPlan's PROFILES) and the machine it concerns. */
const CHRONIC: ReadonlyArray<{ activity: string; equipment: string }> = [
  { activity: 'Verificare l’allineamento delle teste di tappatura (tappo storto)', equipment: 'Capper' },
  { activity: 'Controllare ugelli e temperatura della colla (colla insufficiente)', equipment: 'Cartoner' },
  { activity: 'Ispezionare la coclea di ingresso (inceppamenti)', equipment: 'Filler' },
];
const OWNERS = ['M. Rossi', 'L. Bianchi', 'G. Ferrari', 'A. Esposito', 'S. Romano', 'F. Colombo'] as const;
const SUPPORTS = ['Manutenzione', 'Qualità', 'Ufficio tecnico', 'Capoturno', 'Magazzino'] as const;
const MINUTE = 60_000;

const local = (day: string, hour: number, minute = 0) => DateTime.fromISO(day, { zone: PLANT_ZONE }).set({ hour, minute }).toJSDate();
const plus = (d: Date, minutes: number) => new Date(d.getTime() + minutes * MINUTE);

/** When the line ticks an action due by [start, end): inside it, or late, after it. */
function execution(random: Random, window: { start: Date; end: Date }, outcome: DbrActionPlan['outcome']): Date | null {
  if (outcome === 'open') return null;
  const span = Math.round((window.end.getTime() - window.start.getTime()) / MINUTE);
  if (outcome === 'on_time') return plus(window.start, random.int(30, Math.max(31, span - 10)));
  return plus(window.end, random.int(30, 600));
}

/**
 * 0 to 2 actions for one line's day (at least `minimum`: the writer asks two for today, so
 * the daily page has something to tick), each due by one of the day's regular shifts or by the
 * end of the day ('Fine gg').
 */
export function planDbrActions(line: HistoryLine, shopFloorId: number, day: string, shifts: readonly DbrShift[], seed = DEMO_HISTORY_SEED, minimum = 0): DbrActionPlan[] {
  const random = createRandom(hashSeed(`${seed}|dbr|${day}|${line.id}`));
  const count = Math.max(
    minimum,
    random.weighted([
      [0, 0.25],
      [1, 0.45],
      [2, 0.3],
    ] as const),
  );
  const meeting = DateTime.fromISO(day, { zone: PLANT_ZONE }).minus({ days: 1 }).toISODate()!;
  const plans: DbrActionPlan[] = [];
  for (let i = 0; i < count; i++) {
    const chronic = CHRONIC[line.index % CHRONIC.length]!;
    let equipment = line.equipments.length > 0 && random.chance(0.7) ? random.pick(line.equipments) : null;
    let activity = random.pick(ACTIVITIES[equipment?.name ?? ''] ?? ACTIVITIES['']!);
    const isChronic = random.chance(0.2);
    if (isChronic) {
      activity = chronic.activity;
      equipment = line.equipments.find((e) => e.name === chronic.equipment) ?? null;
    }
    const shift = shifts.length > 0 && random.chance(0.75) ? random.pick(shifts) : null;
    const window = shift ? { start: new Date(shift.startTime), end: new Date(shift.endTime) } : { start: local(day, 7), end: local(day, 23, 59) };
    const outcome = random.weighted([
      ['on_time', 0.6],
      ['late', 0.2],
      ['open', 0.2],
    ] as const);
    plans.push({
      input: {
        day,
        dueShiftId: shift?.id ?? null,
        lineName: line.name,
        shopFloorId,
        equipmentId: equipment?.id ?? null,
        owner: random.pick(OWNERS),
        supportBy: random.chance(0.55) ? random.pick(SUPPORTS) : null,
        activity,
        // The recurring problem's action targets its machine's stops ('Efficacia azioni DBR').
        target: { equipmentId: isChronic ? (equipment?.id ?? null) : null, stopCodeId: null },
      },
      createdAt: local(meeting, 16, 30 + i * 3 + random.int(0, 2)),
      executedAt: execution(random, window, outcome),
      outcome,
    });
  }
  return plans;
}
