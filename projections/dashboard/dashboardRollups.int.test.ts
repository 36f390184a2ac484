import { useTestDatabase } from '../../test/support/db.js';
import { scratchTables } from '../../test/support/replayKit.js';
import { describeWith } from '../../test/support/services.js';
import { dashboardProjection } from './dashboard.projection.js';
import { buildRollups } from './dashboardRollups.js';

/**
 * The month and line-day rollups hold exact sums of the day rows, whether the triggers kept
 * them (live) or a rebuild summed them once after its load (buildRollups): the same to the
 * last digit either way.
 */
describeWith(['postgres'])('dashboard rollups', () => {
  const db = useTestDatabase();

  it('sums day rows of many significant digits to the same exact figure live and after a rebuild’s load (a literal table)', async () => {
    // Three shifts of one line in June, each under the billion pieces the schema accepts. Added as
    // doubles they give 1640396829.796651 to 16 digits, which a double's 15-digit decimal is
    // 1640396829.79665: the month must hold the exact sum, as the triggers add it.
    const volumes = [333418612.895207, 310897864.942027, 996080351.959417];
    const days = volumes.map((volume, i) => ({
      ...{ line_id: 1, day: `2030-06-0${i + 1}`, shift_code: 'A', shop_floor_id: 1, volume, waste: volume / 1000, working_minutes: volume },
      ...{ report_revision: 1, stop_count: 1, unplanned_minutes: 2, planned_minutes: 3 },
    }));
    const live = await scratchTables(db.knex, dashboardProjection);
    const building = await scratchTables(db.knex, dashboardProjection, { building: true });
    await db.knex(live.dashboard_days!).insert(days);
    await db.knex(building.dashboard_days!).insert(days);
    await buildRollups(db.knex, building);
    for (const t of [live, building]) {
      const months = await db.knex(t.dashboard_months!).select('volume', 'working_minutes', 'stop_count', 'unplanned_minutes', 'planned_minutes');
      expect(months.map((m) => ({ ...m, volume: String(m.volume), working_minutes: String(m.working_minutes) }))).toEqual([
        { volume: '1640396829.796651', working_minutes: '1640396829.796651', stop_count: 3, unplanned_minutes: 6, planned_minutes: 9 },
      ]);
      const lineDays = await db.knex(t.dashboard_line_days!).orderBy('day').pluck('volume');
      expect(lineDays.map(String)).toEqual(['333418612.895207', '310897864.942027', '996080351.959417']);
    }
  });
});
