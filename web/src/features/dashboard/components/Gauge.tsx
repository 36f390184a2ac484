/**
 * The gauge the spec draws twice (foundations §2 Dashboard, §9): a half ring from 0 to the
 * scale's maximum, filled to the value in green within target and red outside, a needle,
 * the level ticks, the target mark, the value text and the min and max labels. Plain SVG: the
 * value moves in after 500 ms over 3000 ms (GAUGE_ANIMATION) as CSS transform transitions of two
 * layers, the ring's fill and the needle, each turned about the ring's centre: the browser's
 * compositor moves them, with no render or repaint per frame. With `prefers-reduced-motion` the
 * value shows at once.
 */
import { memo, useEffect, useState } from 'react';
import { GAUGE_ANIMATION, GAUGE_LEVELS, type GaugeModel } from '../model/summary.js';

const GREEN = '#2e7d32';
const RED = '#c62828';
/** The drawing's units: the ring in a 240-wide square with a margin of 14, cut at 62 % of its height (just below the centre). */
const SIZE = 240;
const HEIGHT = Math.round(SIZE * 0.62);
const C = SIZE / 2;
const OUTER = C - 14;
const INNER = OUTER * 0.62;
const MID = (OUTER + INNER) / 2;

/** -90° (the scale's 0, on the left) to 90° (its maximum, on the right), 0° straight up. */
const angleOf = (value: number, max: number) => -90 + 180 * Math.min(Math.max(value / max, 0), 1);
const polar = (r: number, deg: number): [number, number] => {
  const rad = (deg * Math.PI) / 180;
  return [C + r * Math.sin(rad), C - r * Math.cos(rad)];
};
/** The upper half circle, left to right, and the lower one, right to left. */
const arc = (r: number) => `M ${C - r} ${C} A ${r} ${r} 0 0 1 ${C + r} ${C}`;
const lowerHalf = (r: number) => `M ${C + r} ${C} A ${r} ${r} 0 0 1 ${C - r} ${C}`;

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** A gauge draws again only when a figure of its model changes: the dashboard renders at each answer of its calls. */
export const Gauge = memo(GaugeDrawing, (a, b) => a.width === b.width && sameModel(a.model, b.model));

function sameModel(a: GaugeModel, b: GaugeModel): boolean {
  return (Object.keys(a) as (keyof GaugeModel)[]).every((k) => a[k] === b[k]);
}

function GaugeDrawing({ model, width = SIZE }: { model: GaugeModel; width?: number }) {
  const [shown, setShown] = useState(0);
  const still = reducedMotion();
  useEffect(() => {
    if (still) return undefined;
    const t = setTimeout(() => setShown(model.value), GAUGE_ANIMATION.delayMs);
    return () => clearTimeout(t);
  }, [model.value, still]);
  const height = Math.round(width * 0.62);
  const deg = angleOf(still ? model.value : shown, model.max);
  const ticks = Array.from({ length: GAUGE_LEVELS + 1 }, (_, i) => angleOf((model.max * i) / GAUGE_LEVELS, model.max));
  const target = angleOf(model.threshold, model.max);
  const [ax, ay] = polar(INNER - 4, target);
  const [bx, by] = polar(OUTER + 6, target);
  const motion = { transitionDuration: `${GAUGE_ANIMATION.durationMs}ms` };
  return (
    <figure className={`gauge ${model.ok ? 'gauge-ok' : 'gauge-ko'}`} aria-label={`${model.title}: ${model.valueText}`}>
      <figcaption className="gauge-title">{model.title}</figcaption>
      <div className="gauge-chart" style={{ width, height }}>
        <svg viewBox={`0 0 ${SIZE} ${HEIGHT}`} width={width} height={height} aria-hidden="true">
          <path d={arc(MID)} fill="none" stroke="#e3e8ec" strokeWidth={OUTER - INNER} />
        </svg>
        {/*
         * The fill, drawn in the ring's whole square: the lower half of the ring, hidden below the
         * centre line, turned up by a CSS transform about the centre (0° empty, 180° full), so what
         * shows above the line runs from the scale's 0 to the value. Then the needle, drawn
         * pointing up and turned the same way.
         */}
        <div className="gauge-fill-clip">
          <svg className="gauge-fill" viewBox={`0 0 ${SIZE} ${SIZE}`} width={width} height={width} aria-hidden="true" style={{ ...motion, transform: `rotate(${deg + 90}deg)` }}>
            <path d={lowerHalf(MID)} fill="none" stroke={model.ok ? GREEN : RED} strokeWidth={OUTER - INNER} />
          </svg>
        </div>
        <svg className="gauge-marks" viewBox={`0 0 ${SIZE} ${HEIGHT}`} width={width} height={height} aria-hidden="true">
          {ticks.map((d) => {
            const [x1, y1] = polar(OUTER + 1, d);
            const [x2, y2] = polar(OUTER + 6, d);
            return <line key={d} x1={x1} y1={y1} x2={x2} y2={y2} stroke="#90a4ae" strokeWidth={1.5} />;
          })}
          <line x1={ax} y1={ay} x2={bx} y2={by} stroke="#37474f" strokeWidth={2} strokeDasharray="3 2" data-testid="gauge-target" />
        </svg>
        {/* The needle on its own layer, drawn pointing up and turned by a CSS transform. */}
        <svg className="gauge-needle" viewBox={`0 0 ${SIZE} ${HEIGHT}`} width={width} height={height} aria-hidden="true" style={{ ...motion, transform: `rotate(${deg}deg)` }}>
          <line x1={C} y1={C} x2={C} y2={C - OUTER - 2} stroke="#263238" strokeWidth={3} strokeLinecap="round" />
          <circle cx={C} cy={C} r={6} fill="#263238" />
        </svg>
      </div>
      <div className="gauge-labels">
        <span className="gauge-min">{model.minText}</span>
        <strong className="gauge-value" data-testid="gauge-value">
          {model.valueText}
        </strong>
        <span className="gauge-max">{model.maxText}</span>
      </div>
    </figure>
  );
}
