/**
 * The CIL assistant (line log §4.5), steps 0–5: line, equipment, work point, frequency (the
 * distinct frequencies plus Tutte/All), activity, another? It opens at the work point of Line 1
 * and the Filler. A frequency without activities for the work point keeps it at step 3 ('Nessuna
 * attività CIL trovata per questa frequenza.'); a typed activity that is not listed gets
 * 'Attività non trovata. Riprova.'; the chosen activity's card leads to "another?".
 */
import type { Lang, Script } from '../engine.js';
import { DEMO_DATA, distinct } from '../demo/index.js';
import type { CilActivity } from '../demo/types.js';
import { anotherStep, chipsOf, pickStep, plantStart, plantSteps, type PlantContext } from './common.js';
import { CIL_TEXTS, COMMON } from './texts.js';

/** What the CIL chat has answered so far; `frequency` holds the chip label (also Tutte/All). */
export interface CilContext extends PlantContext {
  frequency: string | null;
  activity: CilActivity | null;
}

/** The order of the steps (their numbers in §4.5). */
export const CIL_STEPS = ['line', 'equipment', 'workpoint', 'frequency', 'activity', 'another'] as const;

/** The CIL assistant in one language. */
export function cilScript(lang: Lang): Script<CilContext> {
  const data = DEMO_DATA[lang];
  const t = CIL_TEXTS[lang];
  const c = COMMON[lang];
  const clear = (ctx: CilContext): CilContext => ({ ...ctx, frequency: null, activity: null });
  const activities = (ctx: CilContext) => data.cil.filter((a) => a.workpoint === ctx.workpoint && (ctx.frequency === c.all || a.frequency === ctx.frequency));

  return {
    lang,
    emptyText: c.empty,
    start: { intro: t.intro, ctx: { line: null, equipment: null, workpoint: null, frequency: null, activity: null }, ...plantStart(lang) },
    steps: {
      ...plantSteps<CilContext>(lang, 'frequency', clear),
      frequency: pickStep<CilContext>(
        () => ({ text: t.askFrequency }),
        () => chipsOf([...distinct(data.cil.map((a) => a.frequency)), c.all]),
        c.unknown,
        (ctx, chip) => {
          const next = { ...ctx, frequency: chip.label, activity: null };
          return activities(next).length > 0 ? { type: 'next', step: 'activity', ctx: next } : { type: 'stay', reply: t.noneFound };
        },
      ),
      activity: pickStep<CilContext>(
        () => ({ text: t.askActivity }),
        (ctx) => chipsOf(activities(ctx).map((a) => a.name)),
        t.retry,
        (ctx, chip) => ({ type: 'next', step: 'another', ctx: { ...ctx, activity: activities(ctx).find((a) => a.name === chip.key) ?? null } }),
      ),
      another: anotherStep<CilContext>(
        lang,
        ({ activity }) => ({
          text: t.details,
          card: activity
            ? {
                title: activity.name,
                rows: [
                  { label: c.description, value: activity.description },
                  { label: t.labels.component, value: activity.component },
                  { label: t.labels.ppe, value: activity.ppe.join(', ') },
                  { label: t.labels.tools, value: activity.tools.join(', ') },
                  { label: t.labels.frequency, value: activity.frequency },
                  { label: t.labels.machineStatus, value: t.status[activity.machineStatus] },
                ],
              }
            : undefined,
          followUp: t.another,
        }),
        clear,
      ),
    },
  };
}
