/**
 * The centerline assistant (line log §4.6): line, equipment, work point, setting type (the
 * distinct types plus Tutte/All), setting, another? It opens at the work point of Line 1 and the
 * Filler, like the CIL one. With Tutte/All the setting chips read 'name (type)'. A type without
 * settings for the work point stays ('Nessun settaggio trovato per questo tipo.'); a typed setting
 * that is not listed gets 'Settaggio non trovato. Riprova.'. The card shows title, description,
 * measure, standard ('in standard, current value X' when new_measure exists), type and the image.
 */
import type { Chip, Lang, Script } from '../engine.js';
import { DEMO_DATA, distinct } from '../demo/index.js';
import { DEMO_IMAGE_BASE, type CenterlineEntry } from '../demo/types.js';
import { anotherStep, chipsOf, pickStep, plantStart, plantSteps, type PlantContext } from './common.js';
import { CENTERLINE_TEXTS, COMMON } from './texts.js';

/** What the centerline chat has answered so far; `type` holds the chip label (also Tutte/All). */
export interface CenterlineContext extends PlantContext {
  type: string | null;
  setting: CenterlineEntry | null;
}

/** The order of the steps. */
export const CENTERLINE_STEPS = ['line', 'equipment', 'workpoint', 'type', 'setting', 'another'] as const;

/** The centerline assistant in one language. */
export function centerlineScript(lang: Lang): Script<CenterlineContext> {
  const data = DEMO_DATA[lang];
  const t = CENTERLINE_TEXTS[lang];
  const c = COMMON[lang];
  const clear = (ctx: CenterlineContext): CenterlineContext => ({ ...ctx, type: null, setting: null });
  const settings = (ctx: CenterlineContext) => data.centerline.filter((s) => s.workpoint === ctx.workpoint && (ctx.type === c.all || s.cl_type === ctx.type));
  const settingChips = (ctx: CenterlineContext): Chip[] => settings(ctx).map((s) => ({ key: s.cl_name, label: ctx.type === c.all ? `${s.cl_name} (${s.cl_type})` : s.cl_name }));

  return {
    lang,
    emptyText: c.empty,
    start: { intro: t.intro, ctx: { line: null, equipment: null, workpoint: null, type: null, setting: null }, ...plantStart(lang) },
    steps: {
      ...plantSteps<CenterlineContext>(lang, 'type', clear),
      type: pickStep<CenterlineContext>(
        () => ({ text: t.askType }),
        () => chipsOf([...distinct(data.centerline.map((s) => s.cl_type)), c.all]),
        c.unknown,
        (ctx, chip) => {
          const next = { ...ctx, type: chip.label, setting: null };
          return settings(next).length > 0 ? { type: 'next', step: 'setting', ctx: next } : { type: 'stay', reply: t.noneFound };
        },
      ),
      setting: pickStep<CenterlineContext>(
        () => ({ text: t.askSetting }),
        settingChips,
        t.retry,
        (ctx, chip) => ({ type: 'next', step: 'another', ctx: { ...ctx, setting: settings(ctx).find((s) => s.cl_name === chip.key) ?? null } }),
      ),
      another: anotherStep<CenterlineContext>(
        lang,
        ({ setting }) => ({
          text: t.details,
          card: setting
            ? {
                title: setting.cl_name,
                rows: [
                  { label: c.description, value: setting.cl_description },
                  { label: t.labels.measure, value: setting.measure },
                  { label: t.labels.standard, value: setting.new_measure ? t.inStandardNow(setting.new_measure) : t.inStandard },
                  { label: t.labels.type, value: setting.cl_type },
                ],
                image: { src: `${DEMO_IMAGE_BASE}${setting.file_name}`, alt: t.imageAlt(setting.cl_name) },
              }
            : undefined,
          followUp: t.another,
        }),
        clear,
      ),
    },
  };
}
