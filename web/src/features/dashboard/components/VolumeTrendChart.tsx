/**
 * The 30-day volume curve itself (@nivo/line): its own chunk, fetched when the trend comes
 * into view (VolumeTrend). No animation: a shape to glance at, drawn once.
 */
import { ResponsiveLine } from '@nivo/line';
import { formatDayMonth } from '../../../lib/dates.js';
import { formatNumber } from '../../../lib/numbers.js';

export function VolumeTrendChart({ points, unit }: { points: { date: string; volume: number }[]; unit: string }) {
  const data = [{ id: 'Volumi', data: points.map((p) => ({ x: formatDayMonth(p.date), y: p.volume })) }];
  const every = Math.ceil(points.length / 6);
  return (
    <div className="dashboard-trend-chart">
      <ResponsiveLine
        data={data}
        role="img"
        ariaLabel="Volumi prodotti negli ultimi 30 giorni"
        margin={{ top: 12, right: 16, bottom: 32, left: 56 }}
        xScale={{ type: 'point' }}
        yScale={{ type: 'linear', min: 0, max: 'auto' }}
        axisBottom={{ tickSize: 0, tickPadding: 8, tickValues: data[0]!.data.filter((_, i) => i % every === 0).map((d) => d.x) }}
        axisLeft={{ tickSize: 0, tickPadding: 6, tickValues: 4, format: (v: number) => `${formatNumber(v / 1000, { max: 0 })}k` }}
        enableGridX={false}
        colors={['#1565c0']}
        lineWidth={2}
        pointSize={4}
        enableArea
        areaOpacity={0.08}
        animate={false}
        useMesh
        tooltip={({ point }) => (
          <div className="dashboard-trend-tooltip">
            {String(point.data.x)}: {formatNumber(Number(point.data.y))} {unit}
          </div>
        )}
      />
    </div>
  );
}
