/**
 * The loss waterfall (from the planned busy time down to the fully productive time, docs/oee.md
 * "Losses") and the OEE per day as a trend, drawn with nivo. Only 'Analisi perdite' imports them.
 */
import { ResponsiveBar } from '@nivo/bar';
import { ResponsiveLine } from '@nivo/line';
import type { ReactNode } from 'react';
import { minutes, trendSeries, waterfallSteps, type OeeLosses, type OeeRow, type WaterfallStep } from '../model/oee.js';

/** A chart's legend as HTML, so it wraps on a phone instead of running off the chart. */
function Legend({ items, ordered = false }: { items: readonly { key: string; color: string; text: ReactNode }[]; ordered?: boolean }) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className="oee-legend">
      {items.map((it) => (
        <li key={it.key}>
          <span className="oee-swatch" style={{ background: it.color }} aria-hidden="true" />
          {it.text}
        </li>
      ))}
    </List>
  );
}

const STEP_COLORS: Record<WaterfallStep['kind'], string> = { total: '#2f6f9f', loss: '#e06c62', gain: '#4c9a5b' };

/** `detected`: the micro-stops' minutes the machines measured (the step may be less: never more than the speed loss). */
export function LossWaterfall({ losses, detected }: { losses: OeeLosses | null; detected: number }) {
  const steps = losses ? waterfallSteps(losses, detected) : [];
  const data = steps.map((s, i) => ({ id: String(i), label: s.label, base: s.base, size: s.size, kind: s.kind, delta: s.delta }));
  return (
    <section className="card oee-card" aria-label="Cascata delle perdite">
      <h2 className="dashboard-section-title">Cascata delle perdite (minuti)</h2>
      {!losses || losses.planned_busy_minutes === 0 ? (
        <p className="oee-empty">Nessun turno rendicontato per i filtri correnti.</p>
      ) : (
        <>
          <div className="oee-chart" style={{ height: 300 }}>
            <ResponsiveBar
              data={data}
              keys={['base', 'size']}
              indexBy="id"
              margin={{ top: 12, right: 8, bottom: 28, left: 52 }}
              padding={0.2}
              colors={(bar) => (bar.id === 'base' ? 'transparent' : STEP_COLORS[bar.data.kind])}
              enableLabel={false}
              axisBottom={{ tickSize: 0, tickPadding: 6, format: (v) => String(Number(v) + 1) }}
              axisLeft={{ tickSize: 0, tickPadding: 6, tickValues: 5 }}
              isInteractive={false}
              role="img"
              ariaLabel="Cascata delle perdite"
            />
          </div>
          <Legend
            ordered
            items={steps.map((s, i) => ({
              key: s.label,
              color: STEP_COLORS[s.kind],
              text: (
                <>
                  {i + 1}. {s.label}: <strong>{minutes(s.delta)}</strong>
                  {s.label === 'Microfermate (rilevate)' && losses.micro_stop_minutes !== detected ? ` (misurate ${minutes(detected)})` : ''}
                </>
              ),
            }))}
          />
        </>
      )}
    </section>
  );
}

const TREND_COLORS = ['#1b4f72', '#2e86c1', '#e67e22', '#27ae60'];

const dayLabel = (v: unknown) => {
  const [, m, d] = String(v).split('-');
  return `${d}/${m}`;
};

export function OeeTrend({ rows }: { rows: readonly OeeRow[] }) {
  const series = trendSeries(rows);
  const ticks = rows.length > 8 ? rows.filter((_, i) => i % Math.ceil(rows.length / 6) === 0).map((r) => r.key) : undefined;
  return (
    <section className="card oee-card" aria-label="OEE per giorno">
      <h2 className="dashboard-section-title">OEE per giorno (%)</h2>
      {series[0]!.data.length === 0 ? (
        <p className="oee-empty">Nessun giorno con turni rendicontati.</p>
      ) : (
        <div className="oee-chart" style={{ height: 280 }}>
          <ResponsiveLine
            data={series}
            margin={{ top: 12, right: 12, bottom: 32, left: 44 }}
            yScale={{ type: 'linear', min: 0, max: 'auto' }}
            colors={TREND_COLORS}
            lineWidth={2}
            pointSize={rows.length > 31 ? 0 : 5}
            axisBottom={{ tickSize: 0, tickPadding: 6, format: dayLabel, tickValues: ticks }}
            axisLeft={{ tickSize: 0, tickPadding: 6, tickValues: 5 }}
            enableSlices="x"
            role="img"
          />
        </div>
      )}
      <Legend items={series.map((s, i) => ({ key: s.id, color: TREND_COLORS[i]!, text: s.id }))} />
    </section>
  );
}
