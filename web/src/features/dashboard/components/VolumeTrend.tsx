/**
 * The last 30 days' volume of the selected lines (GET /factory/volumes-history), drawn
 * with @nivo/line under the gauges: a shape to glance at rather than numbers to read.
 */
import { ResponsiveLine } from '@nivo/line';
import { formatDayMonth } from '../../../components/dates.js';

export function VolumeTrend({ points, unit }: { points: { date: string; volume: number }[] | undefined; unit: string }) {
  if (!points || points.length === 0) return null;
  const data = [{ id: 'Volumi', data: points.map((p) => ({ x: formatDayMonth(p.date), y: p.volume })) }];
  const every = Math.ceil(points.length / 6);
  return (
    <section className="card dashboard-trend" aria-label="Andamento volumi ultimi 30 giorni">
      <h2 className="dashboard-section-title">Volumi ultimi 30 giorni</h2>
      <div className="dashboard-trend-chart">
        <ResponsiveLine
          data={data}
          role="img"
          ariaLabel="Volumi prodotti negli ultimi 30 giorni"
          margin={{ top: 12, right: 16, bottom: 32, left: 56 }}
          xScale={{ type: 'point' }}
          yScale={{ type: 'linear', min: 0, max: 'auto' }}
          axisBottom={{ tickSize: 0, tickPadding: 8, tickValues: data[0]!.data.filter((_, i) => i % every === 0).map((d) => d.x) }}
          axisLeft={{ tickSize: 0, tickPadding: 6, tickValues: 4, format: (v: number) => `${(v / 1000).toLocaleString('it-IT', { maximumFractionDigits: 0 })}k` }}
          enableGridX={false}
          colors={['#1565c0']}
          lineWidth={2}
          pointSize={4}
          enableArea
          areaOpacity={0.08}
          useMesh
          tooltip={({ point }) => (
            <div className="dashboard-trend-tooltip">
              {String(point.data.x)}: {Number(point.data.y).toLocaleString('it-IT')} {unit}
            </div>
          )}
        />
      </div>
    </section>
  );
}
