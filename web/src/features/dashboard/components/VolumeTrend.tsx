/**
 * The last 30 days' volume of the selected lines (GET /factory/volumes-history), drawn
 * with @nivo/line under the gauges: a shape to glance at rather than numbers to read. Below
 * the fold on a tablet, the chart's code loads when the card comes into view (WhenVisible).
 */
import { lazy, memo } from 'react';
import { WhenVisible } from '../../../components/WhenVisible.js';

const VolumeTrendChart = lazy(() => import('./VolumeTrendChart.js').then((m) => ({ default: m.VolumeTrendChart })));

/** Memoized: the points are the call's answer, the same object until it changes. */
export const VolumeTrend = memo(function VolumeTrend({ points, unit }: { points: { date: string; volume: number }[] | undefined; unit: string }) {
  if (!points || points.length === 0) return null;
  return (
    <section className="card dashboard-trend" aria-label="Andamento volumi ultimi 30 giorni">
      <h2 className="dashboard-section-title">Volumi ultimi 30 giorni</h2>
      <WhenVisible height={200}>
        <VolumeTrendChart points={points} unit={unit} />
      </WhenVisible>
    </section>
  );
});
