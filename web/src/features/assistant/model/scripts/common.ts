/**
 * Steps the CIL and centerline assistants share (§4.5, §4.6): line, equipment and work point of
 * the demo plant, the yes/no of "another?", and the chip helpers. Both start at Line 1 and the
 * Filler (the first line and machine), at the work-point step.
 */
import type { Chip, Lang, Outcome, ScriptStep } from '../engine.js';
import { DEMO_DATA } from '../demo/index.js';
import { COMMON } from './texts.js';

/** Where the operator is: what the line, equipment and work-point steps answered. */
export interface PlantContext {
  line: string | null;
  equipment: string | null;
  workpoint: string | null;
}

/** The line log the assistants lead back to (§2.7). */
export const LINE_LOG_PATH = '/report-operatore';

/** One chip per name (the name is both key and label). */
export function chipsOf(names: readonly string[]): Chip[] {
  return names.map((name) => ({ key: name, label: name }));
}

/** A step whose answer must be one of its chips; typed text naming none gets `unknown` and stays. */
export function pickStep<C>(ask: ScriptStep<C>['ask'], chips: ScriptStep<C>['chips'], unknown: string, onPick: (ctx: C, chip: Chip) => Outcome<C>): ScriptStep<C> {
  return {
    ask,
    chips,
    answer: (ctx, chip) => (chip ? onPick(ctx, chip) : { type: 'stay', reply: unknown }),
  };
}

/** The chat's first step and the preset answers of the opening (Line 1, Filler / Riempitrice). */
export function plantStart(lang: Lang): { step: 'line'; preset: string[] } {
  const data = DEMO_DATA[lang];
  return { step: 'line', preset: [data.lines[0] ?? '', data.equipment[0]?.name ?? ''] };
}

/** Steps 0–2: line, equipment, work point (the list depends on the equipment); then `after`. */
export function plantSteps<C extends PlantContext>(lang: Lang, after: string, clearAfterWorkpoint: (ctx: C) => C): Record<'line' | 'equipment' | 'workpoint', ScriptStep<C>> {
  const data = DEMO_DATA[lang];
  const t = COMMON[lang];
  const workpoints = (ctx: C) => data.equipment.find((e) => e.name === ctx.equipment)?.workpoints ?? [];
  return {
    line: pickStep<C>(
      () => ({ text: t.askLine }),
      () => chipsOf(data.lines),
      t.unknown,
      (ctx, chip) => ({ type: 'next', step: 'equipment', ctx: clearAfterWorkpoint({ ...ctx, line: chip.label, equipment: null, workpoint: null }) }),
    ),
    equipment: pickStep<C>(
      (ctx) => ({ text: t.askEquipment(ctx.line ?? '') }),
      () => chipsOf(data.equipment.map((e) => e.name)),
      t.unknown,
      (ctx, chip) => ({ type: 'next', step: 'workpoint', ctx: clearAfterWorkpoint({ ...ctx, equipment: chip.label, workpoint: null }) }),
    ),
    workpoint: pickStep<C>(
      (ctx) => ({ text: t.askWorkpoint(ctx.equipment ?? '') }),
      (ctx) => chipsOf(workpoints(ctx)),
      t.unknown,
      (ctx, chip) => ({ type: 'next', step: after, ctx: clearAfterWorkpoint({ ...ctx, workpoint: chip.label }) }),
    ),
  };
}

/** "Another?": yes returns to the work point (same line and machine), no leaves for the line log. */
export function anotherStep<C extends PlantContext>(lang: Lang, ask: ScriptStep<C>['ask'], clearAfterWorkpoint: (ctx: C) => C): ScriptStep<C> {
  const t = COMMON[lang];
  return pickStep<C>(
    ask,
    () => [
      { key: 'yes', label: t.yes },
      { key: 'no', label: t.no },
    ],
    t.unknown,
    (ctx, chip) => (chip.key === 'yes' ? { type: 'next', step: 'workpoint', ctx: clearAfterWorkpoint({ ...ctx, workpoint: null }) } : { type: 'leave', to: LINE_LOG_PATH }),
  );
}
