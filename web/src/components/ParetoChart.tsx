/**
 * A Pareto chart (@nivo/bar): bars of minutes, longest first, and the cumulative share of the
 * minutes as a line over the bars on its own 0-100 % scale at the right. Shared by 'Analisi
 * perdite' and Riepilogo Operativo; only their route chunks import it, so only they load nivo.
 */
import { ResponsiveBar, type BarCustomLayerProps } from '@nivo/bar';
import { formatNumber } from '../lib/numbers.js';

export interface ParetoDatum {
  [key: string]: string | number;
  key: string;
  label: string;
  /** The bar's minutes (one decimal). */
  Minuti: number;
  /** The share of all minutes up to and including this bar, 0..1. */
  share: number;
}

const it1 = (n: number) => formatNumber(n, { max: 1 });

/** The cumulative share as a line over the bars' centres, on its own scale at the right (0-100 %). */
function CumulativeLine({ bars, innerHeight, innerWidth }: BarCustomLayerProps<ParetoDatum>) {
  const points = bars.map((b) => [b.x + b.width / 2, innerHeight * (1 - b.data.data.share)] as const);
  if (points.length === 0) return null;
  return (
    <g aria-hidden="true" data-testid="pareto-cumulative">
      {[0, 25, 50, 75, 100].map((p) => (
        <text key={p} x={innerWidth + 6} y={innerHeight * (1 - p / 100)} dominantBaseline="middle" fontSize={11} fill="#1b4f72">
          {p} %
        </text>
      ))}
      <path d={points.map(([x, y], i) => `${i ? 'L' : 'M'}${x},${y}`).join(' ')} fill="none" stroke="#1b4f72" strokeWidth={2} />
      {points.map(([x, y], i) => (
        <circle key={i} cx={x} cy={y} r={3} fill="#1b4f72" />
      ))}
    </g>
  );
}

const short = (s: string) => (s.length > 14 ? `${s.slice(0, 13)}…` : s);

interface Props {
  data: ParetoDatum[];
  ariaLabel: string;
  color: string;
  height?: number;
  /** A bar was clicked (the page opens the stops behind it). */
  onBar?(key: string): void;
}

export function ParetoChart({ data, ariaLabel, color, height = 300, onBar }: Props) {
  return (
    <div className="pareto-chart" style={{ height }}>
      <ResponsiveBar<ParetoDatum>
        data={data}
        keys={['Minuti']}
        indexBy="key"
        margin={{ top: 12, right: 44, bottom: 72, left: 52 }}
        padding={0.25}
        colors={[color]}
        enableLabel={false}
        axisBottom={{ tickSize: 0, tickPadding: 6, tickRotation: -40, format: (k) => short(data.find((d) => d.key === k)?.label ?? String(k)) }}
        axisLeft={{ tickSize: 0, tickPadding: 6, tickValues: 5, legend: 'Minuti', legendPosition: 'middle', legendOffset: -44 }}
        layers={['grid', 'axes', 'bars', CumulativeLine]}
        onClick={onBar ? (bar) => onBar(bar.data.key) : undefined}
        tooltip={({ data: d }) => (
          <div className="dashboard-trend-tooltip">
            {d.label}: {it1(d.Minuti)} min, cumulata {it1(d.share * 100)} %
          </div>
        )}
        role="img"
        ariaLabel={ariaLabel}
      />
    </div>
  );
}
