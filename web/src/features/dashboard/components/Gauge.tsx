/**
 * The gauge the spec draws twice (foundations §2 Dashboard, §9): a half ring from 0 to the
 * scale's maximum, filled to the value in green within target and red outside, a needle,
 * the value text and the min and max labels. Drawn with @nivo/radial-bar plus a needle layer;
 * the value moves in after 500 ms over 3000 ms (GAUGE_ANIMATION).
 */
import { RadialBar, type RadialBarCustomLayerProps } from '@nivo/radial-bar';
import { useEffect, useState } from 'react';
import { GAUGE_ANIMATION, GAUGE_LEVELS, type GaugeModel } from '../model/summary.js';

const GREEN = '#2e7d32';
const RED = '#c62828';
const START = -90;
const END = 90;

const angleOf = (value: number, max: number) => START + (END - START) * Math.min(Math.max(value / max, 0), 1);
const polar = (cx: number, cy: number, r: number, deg: number): [number, number] => {
  const rad = (deg * Math.PI) / 180;
  return [cx + r * Math.sin(rad), cy - r * Math.cos(rad)];
};

/** The needle, the level ticks and the target mark, drawn over the ring. */
function overlay(model: GaugeModel, shown: number) {
  return function GaugeOverlay({ center, outerRadius, innerRadius }: RadialBarCustomLayerProps) {
    const [cx, cy] = center;
    const [tx, ty] = polar(cx, cy, outerRadius + 2, angleOf(shown, model.max));
    const ticks = Array.from({ length: GAUGE_LEVELS + 1 }, (_, i) => angleOf((model.max * i) / GAUGE_LEVELS, model.max));
    const target = angleOf(model.threshold, model.max);
    const [ax, ay] = polar(cx, cy, innerRadius - 4, target);
    const [bx, by] = polar(cx, cy, outerRadius + 6, target);
    return (
      <g>
        {ticks.map((deg) => {
          const [x1, y1] = polar(cx, cy, outerRadius + 1, deg);
          const [x2, y2] = polar(cx, cy, outerRadius + 6, deg);
          return <line key={deg} x1={x1} y1={y1} x2={x2} y2={y2} stroke="#90a4ae" strokeWidth={1.5} />;
        })}
        <line x1={ax} y1={ay} x2={bx} y2={by} stroke="#37474f" strokeWidth={2} strokeDasharray="3 2" data-testid="gauge-target" />
        <line
          x1={cx}
          y1={cy}
          x2={tx}
          y2={ty}
          stroke="#263238"
          strokeWidth={3}
          strokeLinecap="round"
          className="gauge-needle"
          style={{ transition: `all ${GAUGE_ANIMATION.durationMs}ms ease-out` }}
        />
        <circle cx={cx} cy={cy} r={6} fill="#263238" />
      </g>
    );
  };
}

export function Gauge({ model, width = 240 }: { model: GaugeModel; width?: number }) {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    const t = setTimeout(() => setShown(model.value), GAUGE_ANIMATION.delayMs);
    return () => clearTimeout(t);
  }, [model.value]);
  const height = Math.round(width * 0.62);
  const data = [{ id: 'valore', data: [{ x: 'valore', y: Math.min(Math.max(shown, 0), model.max) }] }];
  return (
    <figure className={`gauge ${model.ok ? 'gauge-ok' : 'gauge-ko'}`} aria-label={`${model.title}: ${model.valueText}`}>
      <figcaption className="gauge-title">{model.title}</figcaption>
      <div className="gauge-chart" style={{ width, height }}>
        <RadialBar
          width={width}
          height={width}
          data={data}
          maxValue={model.max}
          startAngle={START}
          endAngle={END}
          innerRadius={0.62}
          padding={0}
          cornerRadius={2}
          margin={{ top: 14, right: 14, bottom: 14, left: 14 }}
          colors={[model.ok ? GREEN : RED]}
          tracksColor="#e3e8ec"
          enableRadialGrid={false}
          enableCircularGrid={false}
          radialAxisStart={null}
          circularAxisOuter={null}
          isInteractive={false}
          motionConfig={{ duration: GAUGE_ANIMATION.durationMs }}
          layers={['tracks', 'bars', overlay(model, shown)]}
        />
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
