import fc from 'fast-check';
import type { Knex } from 'knex';
import type { EventOf } from '../../domain/shared/catalog.js';
import { createKnex } from '../../infra/db/knex.js';
import { useTestDatabase } from '../../test/support/db.js';
import { DBR_FIELDS } from '../../domain/dbr/constants.js';
import { asStored } from '../../test/support/eventArbitraries.js';
import { scratchTables } from '../../test/support/replayKit.js';
import { describeWith } from '../../test/support/services.js';
import type { TableNames } from '../types.js';
import { oeeProjection } from './oee.projection.js';
import { oeeAnswer } from './oee.queries.js';
import { loadMonthFigures, recomputeMonthFigures } from './oeeMonths.js';
import { lossPareto } from './pareto.queries.js';

/**
 * The rollup `oee_shift_stops` always equals the sums of every live stop of `oee_stops` by the
 * (line, day, shift code) it counts for, and of every fold of micro-stops, which is what GET
 * /factory/oee's raw path computes (oee.queries.ts, SHIFTS_SQL): random histories over few ids,
 * days and lines, so stops and folds are recorded twice, stops deleted, both moved into shifts
 * scheduled after them and reasons re-categorised (the three reasons are added first), applied
 * in random batches. `FUZZ_RUNS` searches longer; a failure prints the seed `FUZZ_SEED` replays.
 */
const runs = Number(process.env.FUZZ_RUNS ?? 40);
const seed = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

class Rollback extends Error {}

// Across the end of a month, so the month rollups hold two months.
const DAYS = ['2030-06-30', '2030-07-01', '2030-07-02'];
const CODES: Array<[string, number, number]> = [
  ['A', 6, 14],
  ['B', 14, 22],
  ['C', 22, 30],
];
const iso = (day: string, hour: number) => new Date(Date.parse(`${day}T00:00:00+02:00`) + hour * 3_600_000).toISOString();

/** The regular shifts A, B, C of day `d` of DAYS, and with `extra` the extra shift E (8-16). */
const schedule = (d: number, extra: boolean): EventOf => ({
  type: 'ShiftsScheduled',
  data: {
    shopFloorId: 1,
    startDate: DAYS[d]!,
    endDate: DAYS[d]!,
    shifts: [
      ...CODES.map(([code, from, to], c) => ({
        shiftId: 1_000_000 + d * 10 + c,
        name: `Turno ${code}`,
        code,
        shiftDay: DAYS[d]!,
        startTime: iso(DAYS[d]!, from),
        endTime: iso(DAYS[d]!, to),
        extra: false,
      })),
      ...(extra ? [{ shiftId: 1_000_000 + d * 10 + 9, name: 'Turno E', code: 'E', shiftDay: DAYS[d]!, startTime: iso(DAYS[d]!, 8), endTime: iso(DAYS[d]!, 16), extra: true }] : []),
    ],
  },
});
const shifts = fc.record({ d: fc.constantFrom(...DAYS.keys()), extra: fc.boolean() }).map(({ d, extra }) => schedule(d, extra));

/** A stop of 1 s to 40 min starting anywhere in the three days (and the night before). */
const span = fc.record({ at: fc.integer({ min: -6 * 3600, max: 3 * 86_400 }), length: fc.integer({ min: 1, max: 2400 }) }).map(({ at, length }) => {
  const start = Date.parse(`${DAYS[0]}T00:00:00+02:00`) + at * 1000;
  return { startTime: new Date(start).toISOString(), endTime: new Date(start + length * 1000).toISOString() };
});
const stopId = fc.integer({ min: 1, max: 12 });
const place = { shopFloorId: fc.constant(1), lineId: fc.integer({ min: 1, max: 2 }), equipmentId: fc.integer({ min: 1, max: 3 }) };

/**
 * Stop lengths at the minor-stop thresholds the answers are read at (THRESHOLDS): exactly T
 * minutes and half a minute less, a quarter of a minute, 6.5 minutes (7 rounded up, 6 down) and
 * 479.98, 600 and 900 minutes around the bands' cap of 480; in seconds.
 */
const THRESHOLDS = [1, 3, 5, 7, 10, 480];
const edgeSpan = fc
  .record({
    at: fc.integer({ min: -6 * 3600, max: 3 * 86_400 }),
    length: fc.constantFrom(...THRESHOLDS.flatMap((t) => [t * 60, t * 60 - 30]), 15, 390, 28_799, 36_000, 54_000),
  })
  .map(({ at, length }) => {
    const start = Date.parse(`${DAYS[0]}T00:00:00+02:00`) + at * 1000;
    return { startTime: new Date(start).toISOString(), endTime: new Date(start + length * 1000).toISOString() };
  });

const unplannedOf = (spans: typeof span, ids = stopId) =>
  fc.record({ stopId: ids, ...place, span: spans, failureMode: fc.constantFrom('Coclea', 'Nastro') }).map(({ span: s, ...d }): EventOf => ({
    type: 'UnplannedStopRecorded',
    data: {
      ...d,
      ...s,
      workpointId: 1,
      stopCodeId: 7,
      triggeringEventId: 1,
      correctiveAction: 'Riavvio',
      actionMaterialChange: false,
      actionCleaning: false,
      actionSettingAdjustment: false,
      actionComponentRestore: false,
    },
  }));
const unplanned = unplannedOf(span);
const planned = fc
  .record({ stopId, ...place, span, plannedReasonId: fc.integer({ min: 1, max: 3 }) })
  .map(({ span: s, ...d }): EventOf => ({ type: 'PlannedStopRecorded', data: { ...d, ...s, notes: null } }));

/**
 * A fold of micro-stops of a machine (its line follows from it) in an hour around the three days;
 * a fold's content follows from its identity (machine, hour, first message), as a fold recorded
 * again is the same.
 */
const fold = fc
  .record({ equipmentId: fc.integer({ min: 1, max: 3 }), h: fc.integer({ min: -6, max: 72 }), first: fc.integer({ min: 0, max: 2 }) })
  .map(({ equipmentId, h, first }): EventOf => {
    const hour = Date.parse(`${DAYS[0]}T00:00:00+02:00`) + h * 3_600_000;
    const firstAt = new Date(hour + first * 600_000).toISOString();
    const microStops = (h + 6 + first + equipmentId) % 4;
    return {
      type: 'MachineHourCounted',
      data: {
        shopFloorId: 1,
        lineId: (equipmentId % 2) + 1,
        equipmentId,
        hour: new Date(hour).toISOString(),
        firstAt,
        lastAt: firstAt,
        good: 10,
        reject: 0,
        microStops,
        microStopMinutes: microStops * 0.75,
      },
    };
  });

const history = fc.array(
  fc.oneof(
    { weight: 2, arbitrary: shifts },
    { weight: 5, arbitrary: unplanned },
    { weight: 4, arbitrary: planned },
    { weight: 3, arbitrary: fold },
    { weight: 2, arbitrary: stopId.map((id): EventOf => ({ type: 'UnplannedStopDeleted', data: { stopId: id } })) },
    {
      weight: 1,
      arbitrary: fc
        .record({ id: stopId, value: fc.constantFrom('Coclea', 'Motore') })
        .map(({ id, value }): EventOf => ({ type: 'UnplannedStopDetailEdited', data: { stopId: id, field: 'failureMode', value } })),
    },
    { weight: 2, arbitrary: stopId.map((id): EventOf => ({ type: 'PlannedStopDeleted', data: { stopId: id } })) },
    {
      weight: 1,
      arbitrary: fc
        .record({ id: fc.integer({ min: 1, max: 3 }), name: fc.constantFrom('Cambio formato', 'Pausa mensa', 'Altro') })
        .map(({ id, name }): EventOf => ({ type: 'PlannedStopReasonAdded', data: { plannedStopReasonId: id, name } })),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({ id: fc.integer({ min: 1, max: 3 }), cat: fc.constantFrom('excluded' as const, 'loss' as const) })
        .map(({ id, cat }): EventOf => ({ type: 'PlannedStopReasonCategorySet', data: { plannedStopReasonId: id, oeeCategory: cat } })),
    },
  ),
  { minLength: 1, maxLength: 40 },
);

/**
 * The raw path's sums (oee.queries.ts, SHIFTS_SQL's `st`, `s` and `mh`) over every live stop and
 * every fold of micro-stops, at the default threshold of 5 minutes, and each unplanned stop's
 * whole minutes of length (480 for 480 or more) with its minutes, ascending, stops under a minute in none.
 */
const RAW = `
  with raw as (
  select line_id, to_char(day, 'YYYY-MM-DD') as day, shift_code,
         coalesce(sum(minutes) filter (where kind = 'p' and coalesce(cat, 'excluded') = 'excluded'), 0) as x,
         coalesce(sum(minutes) filter (where kind = 'p' and coalesce(cat, 'excluded') = 'loss'), 0) as su,
         coalesce(sum(minutes) filter (where kind = 'u'), 0) as u,
         coalesce(sum(minutes) filter (where kind = 'u' and minutes >= 5), 0) as b,
         count(*) filter (where kind = 'u') as f,
         coalesce(sum(n) filter (where kind = 'm'), 0) as mn,
         coalesce(sum(minutes) filter (where kind = 'm'), 0) as mm
    from (select s.line_id, s.day, s.shift_code, s.kind, s.minutes, c.oee_category as cat, 1 as n from ?? s left join ?? c on c.id = s.reason_id where not s.deleted
          union all
          select line_id, day, shift_code, 'm', micro_stop_minutes, null, micro_stops from ??) x
   group by 1, 2, 3),
  bands as (
  select line_id, to_char(day, 'YYYY-MM-DD') as day, shift_code, array_agg(f order by f, m) as band_floor, array_agg(m order by f, m) as band_minutes
    from (select line_id, day, shift_code, case when minutes >= 480 then 480 else trunc(minutes)::int end as f, minutes as m
            from ?? where kind = 'u' and not deleted and minutes >= 1) b
   group by 1, 2, 3)
  select raw.*, coalesce(bands.band_floor, '{}') as band_floor, coalesce(bands.band_minutes, '{}') as band_minutes
    from raw left join bands using (line_id, day, shift_code) order by 1, 2, 3`;

const ROLLUP = `
  select line_id, to_char(day, 'YYYY-MM-DD') as day, shift_code, excluded_minutes as x, setup_minutes as su, unplanned_minutes as u,
         breakdown_minutes as b, failures as f, micro_stops as mn, micro_stop_minutes as mm, band_floor, band_minutes
    from ?? order by 1, 2, 3`;

/**
 * What `oee_month_pareto` must hold: the live unplanned stops by (line, month, shift code) and each dimension's key,
 * with the minutes of those of 5 minutes or more; 'r': by machine, the stops of shifts with a report only.
 */
const MONTH_PARETO_EXPECTED = `
  select s.line_id, to_char(date_trunc('month', s.day), 'YYYY-MM-DD') as month, s.shift_code, d.dim, case when d.dim = 'c' then stop_code_id end as c,
         case when d.dim = 'f' then failure_mode end as fm, case when d.dim in ('e', 'r') then equipment_id end as e, round(sum(minutes)::numeric, 9)::float8 as minutes, count(*)::int as n,
         coalesce(round(sum(minutes) filter (where minutes >= 5)::numeric, 9)::float8, 0) as b
    from ?? s cross join (values ('c'), ('f'), ('e'), ('r')) d(dim)
   where kind = 'u' and not deleted and (d.dim <> 'r' or exists (select 1 from ?? r where r.line_id = s.line_id and r.day = s.day and r.shift_code = s.shift_code))
   group by 1, 2, 3, 4, 5, 6, 7 order by 1, 2, 3, 4, 5, 6, 7`;
const MONTH_PARETO = `
  select line_id, to_char(month, 'YYYY-MM-DD') as month, shift_code, dim, stop_code_id as c, failure_mode as fm, equipment_id as e, round(minutes::numeric, 9)::float8 as minutes, n,
         round(breakdown_minutes::numeric, 9)::float8 as b
    from ?? order by 1, 2, 3, 4, 5, 6, 7`;

/** What `oee_month_figures` must hold: `oee_shift_figures` summed by (line, month, shift code), the bands band by band. */
const MONTH_FIGURES_EXPECTED = `
  with m as (
  select line_id, to_char(date_trunc('month', day), 'YYYY-MM-DD') as month, shift_code, sum(working_minutes) as w, sum(volume + waste) as produced, sum(volume) as good,
         round(sum(case when rate > 0 then (volume + waste) * 60 / rate else 0 end)::numeric, 9)::float8 as ideal, round(sum(unplanned_minutes)::numeric, 9)::float8 as u,
         sum(failures)::int as f, sum(micro_stops)::int as mn
    from ?? group by 1, 2, 3),
  b as (
  select line_id, month, shift_code, array_agg(f order by f) as band_floor, array_agg(m order by f) as band_minutes
    from (select g.line_id, to_char(date_trunc('month', g.day), 'YYYY-MM-DD') as month, g.shift_code, u.f, round(sum(u.m)::numeric, 9)::float8 as m
            from ?? g cross join unnest(g.band_floor, g.band_minutes) u(f, m) group by 1, 2, 3, 4) x
   group by 1, 2, 3)
  select m.*, coalesce(b.band_floor, '{}') as band_floor, coalesce(b.band_minutes, '{}') as band_minutes from m left join b using (line_id, month, shift_code) order by 1, 2, 3`;
const MONTH_FIGURES = `
  select line_id, to_char(month, 'YYYY-MM-DD') as month, shift_code, working_minutes as w, produced, good, round(ideal::numeric, 9)::float8 as ideal,
         round(unplanned_minutes::numeric, 9)::float8 as u, failures as f, micro_stops as mn, band_floor,
         array(select round(x.m::numeric, 9)::float8 from unnest(band_minutes) with ordinality x(m, i) order by x.i) as band_minutes
    from ?? order by 1, 2, 3`;

/** Sums of the same stops taken in another order differ in the last bits at most. */
const rounded = (rows: Array<Record<string, unknown>>) =>
  rows.map((r) => ({
    ...r,
    x: Number(Number(r.x).toFixed(9)),
    su: Number(Number(r.su).toFixed(9)),
    u: Number(Number(r.u).toFixed(9)),
    b: Number(Number(r.b).toFixed(9)),
    f: Number(r.f),
    mn: Number(r.mn),
    mm: Number(Number(r.mm).toFixed(9)),
    ...(r.band_minutes ? { band_minutes: (r.band_minutes as number[]).map((m) => Number(m.toFixed(9))) } : {}),
  }));

/** Reports of two lines on the three days (the fourth code has no regular shift: its day's midnight counts). */
const report = fc
  .record({ lineId: fc.integer({ min: 1, max: 2 }), d: fc.constantFrom(...DAYS.keys()), shiftCode: fc.constantFrom('A', 'B', 'C', 'E'), volume: fc.integer({ min: 0, max: 5000 }) })
  .map(({ lineId, d, shiftCode, volume }): EventOf => ({
    type: 'ShiftReportSubmitted',
    data: { lineId, shopFloorId: 1, day: DAYS[d]!, shiftCode, notes: '', machineNotes: [], productionVolume: volume, waste: 7, workingTime: 8, by: 'op' },
  }));

/** A design speed set at a time around the three days (the hour is put into the event's time). */
const speed = fc
  .record({ lineId: fc.integer({ min: 1, max: 2 }), hour: fc.integer({ min: -30, max: 80 }), v: fc.constantFrom(1000, 2000, 3000) })
  .map(({ lineId, hour, v }): EventOf & { hour: number } => ({
    type: 'DbrConstantsSet',
    data: { lineId, constants: Object.fromEntries(DBR_FIELDS.map((f) => [f, f === 'def_speed' ? v : 1])) },
    hour,
  }));

/** What `oee_shift_figures` must hold, from the other tables (the raw path's rule, oee.queries.ts): the speed in force at the shift's start, else the first. */
/** Any history of stops, folds, shifts and reasons with reports and design speeds put in it: what a rebuild loads. */
const rebuildHistory = fc.tuple(history, report, fc.array(fc.oneof(report, speed), { maxLength: 10 })).map(([h, first, figures]) => {
  const all: EventOf[] = [...h];
  [first, ...figures].forEach((f, i) => all.splice((i * 7) % (all.length + 1), 0, f));
  return all;
});

const FIGURES_EXPECTED = `
  with v as (select line_id, def_speed, effective_at as a, lead(effective_at) over w as b, row_number() over w = 1 as is_first from ?? window w as (partition by line_id order by effective_at))
  select r.line_id, to_char(r.day, 'YYYY-MM-DD') as day, r.shift_code, r.volume, v.def_speed as rate, coalesce(s.unplanned_minutes, 0) as u, coalesce(s.failures, 0) as f,
         coalesce(s.micro_stops, 0) as mn, coalesce(s.micro_stop_minutes, 0) as mm, coalesce(s.band_floor, '{}') as band_floor, coalesce(s.band_minutes, '{}') as band_minutes
    from ?? r
    left join ?? sh on sh.shop_floor_id = r.shop_floor_id and sh.shift_day = r.day and sh.code = r.shift_code and not sh.extra
    left join v on v.line_id = r.line_id
     and (v.is_first or v.a <= coalesce(sh.start_time, r.day::timestamp at time zone 'Europe/Rome'))
     and (v.b is null or coalesce(sh.start_time, r.day::timestamp at time zone 'Europe/Rome') < v.b)
    left join ?? s on s.line_id = r.line_id and s.day = r.day and s.shift_code = r.shift_code
   order by 1, 2, 3`;

const FIGURES = `select line_id, to_char(day, 'YYYY-MM-DD') as day, shift_code, volume, rate, unplanned_minutes as u, failures as f, micro_stops as mn, micro_stop_minutes as mm,
  band_floor, band_minutes from ?? order by 1, 2, 3`;

/** Runs `check` in a transaction rolled back after it, so each run of a property starts from empty tables. */
async function rolledBack(knex: Knex, check: (trx: Knex.Transaction) => Promise<void>): Promise<void> {
  try {
    await knex.transaction(async (trx) => {
      await check(trx);
      throw new Rollback();
    });
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
  }
}

/** The drafts as stored events, a design speed's hour put into its event's time. */
function storedWithHours(drafts: EventOf[]) {
  const start = Date.parse(`${DAYS[0]}T00:00:00+02:00`);
  return asStored(drafts).map((e, i) => {
    const hour = (drafts[i] as { hour?: number }).hour;
    return hour === undefined ? e : { ...e, metadata: { ...e.metadata, occurredAt: new Date(start + hour * 3_600_000).toISOString() } };
  });
}

/** The events cut into batches at the given places (each taken modulo the length). */
function batchesAt<T>(events: T[], cuts: number[]): T[][] {
  const at = [...new Set(cuts.map((c) => c % (events.length + 1)))].sort((a, b) => a - b);
  return [0, ...at, events.length].flatMap((from, i, all) => (i + 1 < all.length ? [events.slice(from, all[i + 1])] : []));
}

/**
 * Where two answers differ by more than the last bits of their sums (the same minutes summed in
 * another order), as a list of paths: empty when they agree.
 */
function differences(a: unknown, b: unknown, path = ''): string[] {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b)) ? [] : [`${path}: ${a} vs ${b}`];
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length ? a.flatMap((x, i) => differences(x, b[i], `${path}[${i}]`)) : [`${path}: ${a.length} rows vs ${b.length}`];
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((k) => differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`));
  }
  return Object.is(a, b) ? [] : [`${path}: ${String(a)} vs ${String(b)}`];
}

/**
 * The queries read the logical names: temporary views over these tables (replaced by the next
 * call) and a literal plant (two lines of three machines, no DBR constants) shadow them.
 */
async function readPlantOf(trx: Knex.Transaction, tables: TableNames): Promise<void> {
  for (const [name, physical] of Object.entries(tables)) await trx.raw(`create or replace temp view ?? as select * from ??`, [name, physical]);
  await trx.raw(`create or replace temp view plant_shop_floors as select 1 as id, false as retired`);
  await trx.raw(`create or replace temp view plant_lines as select * from (values (1, 'Linea 1', 1), (2, 'Linea 2', 1)) l(id, name, shop_floor_id)`);
  await trx.raw(
    `create or replace temp view plant_equipments as select * from (values (1, 'Filler', 2, false), (2, 'Capper', 1, false), (3, 'Cartoner', 2, false)) e(id, name, line_id, retired)`,
  );
  await trx.raw(`create or replace temp view dbr_constants as select null::int as line_id, null::float8 as mtbf_threshold, null::float8 as ut_threshold where false`);
}

describeWith(['postgres'])('oee rollup', () => {
  const db = useTestDatabase({ pool: { max: 2 } });
  let tables: TableNames;

  beforeAll(async () => {
    tables = await scratchTables(db.knex, oeeProjection);
  });

  it('equals the sums of the live stops by (line, day, shift code) after any history, however batched', async () => {
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(history, fc.array(fc.nat(), { maxLength: 4 }), async (drafts, cuts) => {
        const reasons = ['Cambio formato', 'Pausa mensa', 'Altro'].map((name, i): EventOf => ({ type: 'PlannedStopReasonAdded', data: { plannedStopReasonId: i + 1, name } }));
        const events = asStored([...reasons, ...drafts]);
        const at = [...new Set(cuts.map((c) => c % (events.length + 1)))].sort((a, b) => a - b);
        const batches = [0, ...at, events.length].flatMap((from, i, all) => (i + 1 < all.length ? [events.slice(from, all[i + 1])] : []));
        try {
          await db.knex.transaction(async (trx) => {
            for (const batch of batches) if (batch.length > 0) await oeeProjection.applyBatch({ trx, tables }, batch as Parameters<typeof oeeProjection.applyBatch>[1]);
            const raw = (await trx.raw<{ rows: Array<Record<string, unknown>> }>(RAW, [tables.oee_stops!, tables.oee_reasons!, tables.oee_machine_hours!, tables.oee_stops!])).rows;
            const rollup = (await trx.raw<{ rows: Array<Record<string, unknown>> }>(ROLLUP, [tables.oee_shift_stops!])).rows;
            expect(rounded(rollup)).toEqual(rounded(raw));
            const months = (await trx.raw<{ rows: unknown[] }>(MONTH_PARETO, [tables.oee_month_pareto!])).rows;
            expect(months).toEqual((await trx.raw<{ rows: unknown[] }>(MONTH_PARETO_EXPECTED, [tables.oee_stops!, tables.oee_reports!])).rows);
            if (raw.length > 0) nonEmpty += 1;
            throw new Rollback();
          });
        } catch (err) {
          if (!(err instanceof Rollback)) throw err;
        }
      }),
      { numRuns: runs, seed },
    );
    // The histories did put stops in shifts (the property did not hold on empty tables only).
    expect(nonEmpty).toBeGreaterThan(runs / 2);
  }, 120_000);

  it('keeps each report with its stop sums and the design speed at its shift’s start, however batched', async () => {
    let withRate = 0;
    // Every history holds a report and a design speed of its line (anywhere in it), so each run
    // checks a rated row; the rest is random. Left to chance, about a quarter of short histories
    // had one, and the guard below failed now and then.
    const figuresHistory = fc
      .tuple(
        report,
        speed,
        fc.array(
          fc.oneof(
            { weight: 2, arbitrary: shifts },
            { weight: 3, arbitrary: report },
            { weight: 3, arbitrary: speed },
            { weight: 3, arbitrary: unplanned },
            { weight: 2, arbitrary: fold },
          ),
          { maxLength: 30 },
        ),
        fc.nat(),
        fc.nat(),
      )
      .map(([r, v, rest, i, j]) => {
        const all: EventOf[] = [...rest];
        all.splice(i % (all.length + 1), 0, r);
        const lineId = (r.data as { lineId: number }).lineId;
        all.splice(j % (all.length + 1), 0, { ...v, data: { ...(v.data as Record<string, unknown>), lineId } } as unknown as EventOf);
        return all;
      });
    await fc.assert(
      fc.asyncProperty(figuresHistory, fc.array(fc.nat(), { maxLength: 4 }), async (drafts, cuts) => {
        const batches = batchesAt(storedWithHours(drafts), cuts);
        try {
          await db.knex.transaction(async (trx) => {
            for (const batch of batches) if (batch.length > 0) await oeeProjection.applyBatch({ trx, tables }, batch as Parameters<typeof oeeProjection.applyBatch>[1]);
            const expected = (
              await trx.raw<{ rows: Array<Record<string, unknown>> }>(FIGURES_EXPECTED, [tables.oee_speeds!, tables.oee_reports!, tables.oee_shifts!, tables.oee_shift_stops!])
            ).rows;
            const figures = (await trx.raw<{ rows: Array<Record<string, unknown>> }>(FIGURES, [tables.oee_shift_figures!])).rows;
            expect(figures).toEqual(expected);
            const months = (await trx.raw<{ rows: unknown[] }>(MONTH_FIGURES, [tables.oee_month_figures!])).rows;
            expect(months).toEqual((await trx.raw<{ rows: unknown[] }>(MONTH_FIGURES_EXPECTED, [tables.oee_shift_figures!, tables.oee_shift_figures!])).rows);
            if (figures.some((r) => r.rate !== null)) withRate += 1;
            throw new Rollback();
          });
        } catch (err) {
          if (!(err instanceof Rollback)) throw err;
        }
      }),
      { numRuns: runs, seed },
    );
    expect(withRate).toBeGreaterThan(runs / 4);
  }, 120_000);
  it('gives after a rebuild (the facts loaded alone, the rollups summed once, then live batches) the same tables as live batches from the start', async () => {
    const building = await scratchTables(db.knex, oeeProjection, { building: true });
    /** Every table but the state row, ordered by the whole row. The sums are compared to the last bit: the rows are summed in another order. */
    const rows = async (trx: Knex.Transaction, t: TableNames) => {
      const out: Record<string, unknown[]> = {};
      for (const logical of Object.keys(t).filter((l) => l !== 'oee_rollup_state')) {
        out[logical] = (await trx.raw<{ rows: unknown[] }>('select * from ?? as r order by r', [t[logical]!])).rows;
      }
      return out;
    };
    let withMonths = 0;
    await fc.assert(
      fc.asyncProperty(rebuildHistory, fc.array(fc.nat(), { maxLength: 4 }), fc.nat(), async (drafts, cuts, loadedAt) => {
        const batches = batchesAt(storedWithHours(drafts), cuts);
        // The rebuild's load ends after some batch (or none); the batches after it run live, as the last events of a rebuild do.
        const loaded = loadedAt % (batches.length + 1);
        await rolledBack(db.knex, async (trx) => {
          const apply = (t: TableNames, batch: (typeof batches)[number]) =>
            batch.length > 0 ? oeeProjection.applyBatch({ trx, tables: t }, batch as Parameters<typeof oeeProjection.applyBatch>[1]) : undefined;
          for (const batch of batches) await apply(tables, batch);
          for (const batch of batches.slice(0, loaded)) await apply(building, batch);
          expect((await trx.raw<{ rows: unknown[] }>('select * from ??', [building.oee_shift_stops!])).rows).toEqual([]);
          await oeeProjection.afterLoad!(trx, building);
          for (const batch of batches.slice(loaded)) await apply(building, batch);
          const live = await rows(trx, tables);
          expect(await rows(trx, building)).toEqual(live);
          if (live.oee_month_figures!.length > 0 && live.oee_month_pareto!.length > 0) withMonths += 1;
        });
      }),
      { numRuns: runs, seed },
    );
    // Most runs compared month rows of both rollups, not empty tables.
    expect(withMonths).toBeGreaterThan(runs / 2);
  }, 120_000);

  it('loads a rebuild’s rollups on three connections as on one: the same rows and indexes, and statistics of the keys alone', async () => {
    // A rebuild's pool: the load's own transaction holds one connection, its other statements take three more.
    const pool = createKnex(db.db.url, { max: 4 });
    const everyRow = async (t: TableNames) => {
      const out: Record<string, unknown[]> = {};
      for (const [logical, physical] of Object.entries(t)) out[logical] = (await db.knex.raw<{ rows: unknown[] }>('select * from ?? as r order by r', [physical])).rows;
      return out;
    };
    /** Each table's indexes, by their columns (their names hold the table's). */
    const indexes = async (t: TableNames) => {
      const out: Record<string, string[]> = {};
      for (const [logical, physical] of Object.entries(t)) {
        const r = await db.knex.raw<{ rows: Array<{ def: string }> }>(`select regexp_replace(indexdef, '^.* USING ', '') as def from pg_indexes where tablename = ? order by 1`, [
          physical,
        ]);
        out[logical] = r.rows.map((x) => x.def);
      }
      return out;
    };
    /** The columns the planner keeps statistics of. */
    const statistics = async (table: string) =>
      (
        await db.knex.raw<{ rows: Array<{ attname: string }> }>(
          `select attname from pg_attribute where attrelid = to_regclass(?) and attnum > 0 and not attisdropped and coalesce(attstattarget, -1) <> 0 order by attnum`,
          [table],
        )
      ).rows.map((r) => r.attname);
    try {
      for (const drafts of fc.sample(rebuildHistory, { numRuns: 6, seed: 23 })) {
        const alone = await scratchTables(db.knex, oeeProjection, { building: true });
        const apart = await scratchTables(db.knex, oeeProjection, { building: true });
        const events = storedWithHours(drafts) as Parameters<typeof oeeProjection.applyBatch>[1];
        for (const t of [alone, apart]) await db.knex.transaction((trx) => oeeProjection.applyBatch({ trx, tables: t }, events));
        await db.knex.transaction((trx) => oeeProjection.afterLoad!(trx, alone));
        await db.knex.transaction((trx) => oeeProjection.afterLoad!(trx, apart, pool));
        expect(await everyRow(apart)).toEqual(await everyRow(alone));
        expect(await indexes(apart)).toEqual(await indexes(alone));
      }
      const t = await scratchTables(db.knex, oeeProjection, { building: true });
      await db.knex.transaction((trx) => oeeProjection.afterLoad!(trx, t, pool));
      const made = await indexes(t);
      expect(made.oee_month_pareto).toEqual(['btree (line_id, month, shift_code, dim)']);
      expect(made.oee_stops).toEqual(['btree (id)', 'btree (line_id, day, shift_code)', 'btree (shop_floor_id, start_time)']);
      // Each rollup's columns that rows are looked up, filtered, joined or grouped by; its figures have none.
      expect(await statistics(t.oee_shift_stops!)).toEqual(['line_id', 'day', 'shift_code']);
      expect(await statistics(t.oee_shift_figures!)).toEqual(['line_id', 'day', 'shift_code', 'shop_floor_id']);
      expect(await statistics(t.oee_month_figures!)).toEqual(['line_id', 'month', 'shift_code']);
      expect(await statistics(t.oee_month_pareto!)).toEqual(['line_id', 'month', 'shift_code', 'dim', 'stop_code_id', 'failure_mode', 'equipment_id']);
      // The facts keep every column's.
      expect(await statistics(t.oee_stops!)).toHaveLength(Object.keys(await db.knex(t.oee_stops!).columnInfo()).length);

      // A statement that fails on any of the connections fails the load and marks nothing kept; the pool's four connections are free again.
      for (const gone of ['oee_reports', 'oee_shift_figures', 'oee_month_pareto'] as const) {
        const broken = await scratchTables(db.knex, oeeProjection, { building: true });
        await db.knex.schema.dropTable(broken[gone]!);
        await expect(db.knex.transaction((trx) => oeeProjection.afterLoad!(trx, broken, pool))).rejects.toThrow(/does not exist/);
        expect(await db.knex(broken.oee_rollup_state!).count<Array<{ n: number }>>('* as n')).toEqual([{ n: 0 }]);
      }
      await Promise.all([1, 2, 3, 4].map(() => pool.transaction((trx) => trx.raw('select 1'))));
    } finally {
      await pool.destroy();
    }
  }, 60_000);

  it('answers at any minor-stop threshold from the rollups as from every stop, by shift ids and by codes, live or after a rebuild', async () => {
    const building = await scratchTables(db.knex, oeeProjection, { building: true });
    // The stops at the thresholds' edges: ids of their own as well, so the history's twelve do not overwrite them all.
    const edgeIds = fc.integer({ min: 1, max: 40 });
    const edgeDeleted = edgeIds.map((id): EventOf => ({ type: 'UnplannedStopDeleted', data: { stopId: id } }));
    // Any history with reports, design speeds and stops at the thresholds' edges put in it, and every day's
    // shifts (E included) somewhere: a report's (day, code) is always a scheduled shift, which the month path relies on.
    const answersHistory = fc
      .tuple(
        history,
        fc.array(fc.tuple(fc.oneof({ weight: 4, arbitrary: unplannedOf(edgeSpan, edgeIds) }, { weight: 1, arbitrary: edgeDeleted }), fc.nat()), { minLength: 16, maxLength: 40 }),
        fc.array(fc.tuple(fc.oneof({ weight: 4, arbitrary: report }, { weight: 1, arbitrary: speed }), fc.nat()), { minLength: 12, maxLength: 24 }),
        fc.array(fc.nat(), { minLength: DAYS.length, maxLength: DAYS.length }),
      )
      .map(([h, edges, figures, at]) => {
        const all: EventOf[] = [...h];
        for (const [e, i] of [...edges, ...figures]) all.splice(i % (all.length + 1), 0, e);
        DAYS.forEach((_, d) => all.splice(at[d]! % (all.length + 1), 0, schedule(d, true)));
        return all;
      });
    // A whole month (June, then July) with the other month's days, and the days alone.
    const ranges = fc.constantFrom(['2030-06-01', '2030-07-02'], ['2030-06-30', '2030-07-31'], ['2030-06-30', '2030-07-02']);
    const ids = DAYS.flatMap((_, d) => [0, 1, 2, 9].map((c) => 1_000_000 + d * 10 + c));
    let varied = 0;
    await fc.assert(
      fc.asyncProperty(answersHistory, fc.array(fc.nat(), { maxLength: 4 }), fc.nat(), ranges, async (drafts, cuts, loadedAt, [from, to]) => {
        const batches = batchesAt(storedWithHours(drafts), cuts);
        // Every other run reads a rebuild's generation: loaded up to some batch, its rollups summed once, the rest applied live.
        const rebuilt = loadedAt % 2 === 1;
        const loaded = Math.floor(loadedAt / 2) % (batches.length + 1);
        await rolledBack(db.knex, async (trx) => {
          const apply = (t: TableNames, batch: (typeof batches)[number]) =>
            batch.length > 0 ? oeeProjection.applyBatch({ trx, tables: t }, batch as Parameters<typeof oeeProjection.applyBatch>[1]) : undefined;
          const read = rebuilt ? building : tables;
          for (const batch of batches.slice(0, rebuilt ? loaded : batches.length)) await apply(read, batch);
          if (rebuilt) {
            await oeeProjection.afterLoad!(trx, building);
            for (const batch of batches.slice(loaded)) await apply(building, batch);
          }
          await readPlantOf(trx, read);
          const filter = { shopFloorId: 1, lineNames: ['Linea 1', 'Linea 2'], from, to };
          const breakdowns: number[] = [];
          for (const minorStopMinutes of THRESHOLDS) {
            for (const chosen of [{ shiftIds: ids }, { shiftIds: [], shiftCodes: ['A', 'B', 'C', 'E'] }]) {
              for (const group of ['none', 'line', 'day', 'shift', 'equipment'] as const) {
                const f = { ...filter, ...chosen, minorStopMinutes };
                const answer = await oeeAnswer(trx, f, group);
                expect(differences(answer, await oeeAnswer(trx, { ...f, rawStops: true }, group))).toEqual([]);
                if (group === 'none' && chosen.shiftCodes) breakdowns.push(answer!.losses.breakdown_minutes);
              }
            }
          }
          if (new Set(breakdowns).size > 2) varied += 1;
        });
      }),
      { numRuns: runs, seed },
    );
    // Most runs had stops on both sides of several thresholds in reported shifts.
    expect(varied).toBeGreaterThan(runs / 2);
  }, 240_000);

  it('sums a month’s bands band by band and reads any threshold from them, live and after a rebuild (a literal table)', async () => {
    const building = await scratchTables(db.knex, oeeProjection, { building: true });
    const stop = (stopId: number, d: number, hour: number, seconds: number): EventOf => ({
      type: 'UnplannedStopRecorded',
      data: {
        ...{ stopId, shopFloorId: 1, lineId: 1, equipmentId: 2, workpointId: 1, stopCodeId: 7, triggeringEventId: 1, failureMode: 'Coclea', correctiveAction: 'Riavvio' },
        ...{ actionMaterialChange: false, actionCleaning: false, actionSettingAdjustment: false, actionComponentRestore: false },
        ...{ startTime: iso(DAYS[d]!, hour), endTime: new Date(Date.parse(iso(DAYS[d]!, hour)) + seconds * 1000).toISOString() },
      },
    });
    const reportOf = (d: number): EventOf => ({
      type: 'ShiftReportSubmitted',
      data: { lineId: 1, shopFloorId: 1, day: DAYS[d]!, shiftCode: 'A', notes: '', machineNotes: [], productionVolume: 1000, waste: 0, workingTime: 8, by: 'op' },
    });
    // Shift A of 1 and 2 July: 7.5 and 12 minutes, then 7.25, 600 (band 480), 4.5, half a minute (no band) and 7.75 (band 7 again), in two batches.
    const first = asStored([schedule(1, false), schedule(2, false), reportOf(1), reportOf(2), stop(1, 1, 7, 450), stop(2, 1, 9, 720)]);
    const second = asStored([stop(3, 2, 7, 435), stop(4, 2, 8, 36_000), stop(5, 2, 9, 270), stop(6, 2, 10, 30), stop(7, 2, 11, 465)]);
    await rolledBack(db.knex, async (trx) => {
      for (const batch of [first, second]) await oeeProjection.applyBatch({ trx, tables }, batch as Parameters<typeof oeeProjection.applyBatch>[1]);
      await oeeProjection.applyBatch({ trx, tables: building }, [...first, ...second] as Parameters<typeof oeeProjection.applyBatch>[1]);
      await oeeProjection.afterLoad!(trx, building);
      for (const t of [tables, building]) {
        const bands = async (table: string, key: string) =>
          (await trx.raw<{ rows: unknown[] }>(`select band_floor, band_minutes from ?? where line_id = 1 and shift_code = 'A' order by ${key}`, [table])).rows;
        expect(await bands(t.oee_shift_stops!, 'day')).toEqual([
          { band_floor: [7, 12], band_minutes: [7.5, 12] },
          // A shift's row lists each stop: two of band 7.
          { band_floor: [4, 7, 7, 480], band_minutes: [4.5, 7.25, 7.75, 600] },
        ]);
        expect(await bands(t.oee_shift_figures!, 'day')).toEqual(await bands(t.oee_shift_stops!, 'day'));
        expect(await bands(t.oee_month_figures!, 'month')).toEqual([{ band_floor: [4, 7, 12, 480], band_minutes: [4.5, 22.5, 12, 600] }]);
        // The machine's month row: each band once, with the minutes of it and the longer ones.
        const machine = await trx.raw<{ rows: unknown[] }>(`select minutes, n, breakdown_minutes, band_floor, band_above from ?? where dim = 'r'`, [t.oee_month_pareto!]);
        expect(machine.rows).toEqual([{ minutes: 639.5, n: 7, breakdown_minutes: 634.5, band_floor: [4, 7, 12, 480], band_above: [639, 634.5, 612, 600] }]);
        expect((await trx.raw<{ rows: unknown[] }>(`select distinct band_floor, band_above from ?? where dim <> 'r'`, [t.oee_month_pareto!])).rows).toEqual([
          { band_floor: [], band_above: [] },
        ]);
        await readPlantOf(trx, t);
        // July whole (its month row), and its first two days (the days' rows); by ids and by code.
        for (const to of ['2030-07-31', '2030-07-02']) {
          const filter = { shopFloorId: 1, lineNames: ['Linea 1'], from: '2030-07-01', to, shiftIds: [1_000_010, 1_000_020] };
          const thresholds: Array<[number, number]> = [
            [1, 639],
            [4, 639],
            [5, 634.5],
            [7, 634.5],
            [8, 612],
            [12, 612],
            [13, 600],
            [479, 600],
            [480, 600],
          ];
          for (const [minorStopMinutes, b] of thresholds) {
            for (const chosen of [{}, { shiftIds: [], shiftCodes: ['A'] }]) {
              const answer = await oeeAnswer(trx, { ...filter, ...chosen, minorStopMinutes }, 'none');
              expect([minorStopMinutes, answer!.unplanned_minutes, answer!.losses.breakdown_minutes]).toEqual([minorStopMinutes, 639.5, b]);
              // Every stop is the Capper's, Linea 1's one machine (2).
              const byMachine = await oeeAnswer(trx, { ...filter, ...chosen, minorStopMinutes }, 'equipment');
              expect(byMachine!.rows.map((r) => [r.key, r.unplanned_minutes, r.losses.breakdown_minutes])).toEqual([['2', 639.5, b]]);
            }
          }
        }
      }
    });
  }, 60_000);

  it('sums a month the same to the last bit whatever order its shifts are stored in, live and in a rebuild’s load (a literal table)', async () => {
    // Three shifts of July at 600 pieces an hour: 6, 12 and 18 pieces are 0.6, 1.2 and 1.8 ideal minutes, and
    // 0.1, 0.2 and 0.3 minutes of each sum. Added as doubles in day order they give 3.5999999999999996 and
    // 0.6000000000000001, backwards 3.6 and 0.6: the month must hold the first, however its rows are stored.
    expect([0.6 + 1.2 + 1.8, 1.8 + 1.2 + 0.6, 0.1 + 0.2 + 0.3, 0.3 + 0.2 + 0.1]).toEqual([3.5999999999999996, 3.6, 0.6000000000000001, 0.6]);
    const shift = (day: string, pieces: number, v: number) => ({
      ...{ line_id: 1, day, shift_code: 'A', shop_floor_id: 1, working_minutes: v, volume: pieces, waste: 0, rate: 600 },
      ...{ excluded_minutes: v, setup_minutes: v, unplanned_minutes: v, breakdown_minutes: v, failures: 1, micro_stops: 1, micro_stop_minutes: v },
      ...{ band_floor: [7], band_minutes: [v] },
    });
    const rows = [shift('2030-07-01', 6, 0.1), shift('2030-07-02', 12, 0.2), shift('2030-07-03', 18, 0.3)];
    const [ideal, minutes] = [3.5999999999999996, 0.6000000000000001];
    const month = { working_minutes: minutes, produced: 36, good: 36, ideal, good_ideal: ideal, excluded_minutes: minutes, setup_minutes: minutes, unplanned_minutes: minutes };
    const expected = { ...month, breakdown_minutes: minutes, micro_stop_minutes: minutes, band_floor: [7], band_minutes: [minutes] };
    const read = async (trx: Knex.Transaction) => {
      const all = (await trx.raw<{ rows: Array<Record<string, unknown>> }>('select * from ??', [tables.oee_month_figures!])).rows;
      return all.map((r) => Object.fromEntries(Object.keys(expected).map((k) => [k, r[k]])));
    };
    for (const order of [rows, [...rows].reverse()]) {
      await rolledBack(db.knex, async (trx) => {
        await trx(tables.oee_shift_figures!).insert(order);
        await loadMonthFigures(trx, tables);
        expect(await read(trx)).toEqual([expected]);
        await trx(tables.oee_month_figures!).delete();
        await recomputeMonthFigures(trx, tables, [{ line_id: 1, day: '2030-07-02', shift_code: 'A' }]);
        expect(await read(trx)).toEqual([expected]);
      });
    }
  });

  it('counts a piece count a double cannot divide by the speed as no ideal time, live, after a rebuild and when read (a literal table)', async () => {
    const building = await scratchTables(db.knex, oeeProjection, { building: true });
    const speedOf = (lineId: number, def_speed: number): EventOf => ({
      type: 'DbrConstantsSet',
      data: { lineId, constants: Object.fromEntries(DBR_FIELDS.map((f) => [f, f === 'def_speed' ? def_speed : 0])) },
    });
    const reportOf = (lineId: number, productionVolume: number | null, waste: number): EventOf => ({
      type: 'ShiftReportSubmitted',
      data: { lineId, shopFloorId: 1, day: DAYS[1]!, shiftCode: 'A', notes: '', machineNotes: [], productionVolume, waste, workingTime: 8, by: 'op' },
    });
    // Line 1: 5e-324 pieces of waste at a billion an hour (the division underflows); line 2: 600 pieces at that speed.
    const events = asStored([schedule(1, false), speedOf(1, 1e9), speedOf(2, 1e9), reportOf(1, null, 5e-324), reportOf(2, 600, 0)]);
    await rolledBack(db.knex, async (trx) => {
      await oeeProjection.applyBatch({ trx, tables }, events as Parameters<typeof oeeProjection.applyBatch>[1]);
      await oeeProjection.applyBatch({ trx, tables: building }, events as Parameters<typeof oeeProjection.applyBatch>[1]);
      await oeeProjection.afterLoad!(trx, building);
      for (const t of [tables, building]) {
        const months = await trx.raw<{ rows: unknown[] }>('select line_id, ideal, good_ideal from ?? order by line_id', [t.oee_month_figures!]);
        expect(months.rows).toEqual([
          { line_id: 1, ideal: 0, good_ideal: 0 },
          { line_id: 2, ideal: 0.000036, good_ideal: 0.000036 },
        ]);
        await readPlantOf(trx, t);
        for (const chosen of [{ shiftIds: [1_000_010] }, { shiftIds: [], shiftCodes: ['A'] }]) {
          const answer = await oeeAnswer(trx, { shopFloorId: 1, lineNames: ['Linea 1', 'Linea 2'], from: DAYS[1]!, to: DAYS[1]!, minorStopMinutes: 5, ...chosen }, 'line');
          expect(answer!.rows.map((r) => [r.key, r.produced, r.ideal_rate_per_hour])).toEqual([
            ['1', 5e-324, null],
            ['2', 600, 1e9],
          ]);
        }
      }
    });
  });

  it('reads a range with partial months at both ends as the sum over every stop and report (a literal table)', async () => {
    // Shifts A 06-14 and B 14-22 from 30 May to 2 July 2030; the range is 31 May - 1 July: June whole, one day at each end.
    const calendar: string[] = [];
    for (let t = Date.parse('2030-05-30T00:00:00Z'); t <= Date.parse('2030-07-02T00:00:00Z'); t += 86_400_000) calendar.push(new Date(t).toISOString().slice(0, 10));
    const shiftIds = (code: string) => calendar.filter((d) => d >= '2030-05-31' && d <= '2030-07-01').map((d) => 3_000_000 + calendar.indexOf(d) * 10 + (code === 'A' ? 0 : 1));
    const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+02:00`).toISOString();
    const report = (lineId: number, day: string, shiftCode: string, productionVolume: number, waste: number): EventOf => ({
      type: 'ShiftReportSubmitted',
      data: { lineId, shopFloorId: 1, day, shiftCode, notes: '', machineNotes: [], productionVolume, waste, workingTime: 8, by: 'op' },
    });
    const stop = (stopId: number, lineId: number, day: string, hhmm: string, minutes: number, stopCodeId: number, failureMode: string): EventOf => ({
      type: 'UnplannedStopRecorded',
      data: {
        ...{ stopId, shopFloorId: 1, lineId, equipmentId: lineId === 1 ? 2 : 5, workpointId: 1, stopCodeId, triggeringEventId: 1, failureMode, correctiveAction: 'Riavvio' },
        ...{ actionMaterialChange: false, actionCleaning: false, actionSettingAdjustment: false, actionComponentRestore: false },
        ...{ startTime: at(day, hhmm), endTime: new Date(Date.parse(at(day, hhmm)) + minutes * 60_000).toISOString() },
      },
    });
    const speed = (lineId: number, v: number): EventOf => ({
      type: 'DbrConstantsSet',
      data: { lineId, constants: Object.fromEntries(DBR_FIELDS.map((f) => [f, f === 'def_speed' ? v : 1])) },
    });
    const events = asStored([
      { type: 'PlannedStopReasonAdded', data: { plannedStopReasonId: 1, name: 'Pausa mensa' } },
      {
        type: 'ShiftsScheduled',
        data: {
          ...{ shopFloorId: 1, startDate: calendar[0]!, endDate: calendar.at(-1)! },
          shifts: calendar.flatMap((d, i) =>
            (['A', 'B'] as const).map((code, c) => ({
              shiftId: 3_000_000 + i * 10 + c,
              name: code,
              code,
              shiftDay: d,
              startTime: at(d, c ? '14:00' : '06:00'),
              endTime: at(d, c ? '22:00' : '14:00'),
              extra: false,
            })),
          ),
        },
      },
      speed(1, 600),
      speed(2, 1200),
      ...[report(1, '2030-05-30', 'A', 1000, 0), report(1, '2030-05-31', 'A', 590, 10), report(1, '2030-06-01', 'A', 1180, 20), report(1, '2030-06-30', 'A', 2400, 0)],
      ...[report(1, '2030-06-15', 'B', 600, 0), report(1, '2030-07-01', 'A', 300, 0), report(1, '2030-07-02', 'A', 5000, 0), report(2, '2030-06-10', 'A', 2400, 0)],
      ...[stop(1, 1, '2030-05-30', '07:00', 10, 7, 'Coclea'), stop(2, 1, '2030-05-31', '07:00', 12, 7, 'Coclea'), stop(3, 1, '2030-06-01', '07:00', 6, 8, 'Nastro')],
      ...[stop(4, 1, '2030-06-20', '07:00', 4, 7, 'Nastro'), stop(5, 1, '2030-06-30', '07:00', 20, 8, 'Coclea'), stop(6, 1, '2030-06-15', '15:00', 8, 7, 'Coclea')],
      ...[stop(7, 1, '2030-07-01', '07:00', 3, 7, 'Coclea'), stop(8, 1, '2030-07-02', '07:00', 30, 7, 'Coclea'), stop(9, 2, '2030-06-10', '07:00', 9, 9, 'Coclea')],
      stop(10, 1, '2030-06-05', '07:00', 50, 7, 'Coclea'),
      stop(12, 2, '2030-06-01', '07:00', 5, 9, 'Sensore'),
      { type: 'UnplannedStopDeleted', data: { stopId: 10 } },
      { type: 'UnplannedStopDetailEdited', data: { stopId: 5, field: 'failureMode', value: 'Motore' } },
      {
        type: 'PlannedStopRecorded',
        data: { stopId: 11, shopFloorId: 1, lineId: 1, equipmentId: 2, plannedReasonId: 1, startTime: at('2030-06-01', '09:00'), endTime: at('2030-06-01', '09:30'), notes: null },
      },
    ]);
    try {
      await db.knex.transaction(async (trx) => {
        // In three batches, cut inside June.
        for (const batch of [events.slice(0, 9), events.slice(9, 17), events.slice(17)]) {
          await oeeProjection.applyBatch({ trx, tables }, batch as Parameters<typeof oeeProjection.applyBatch>[1]);
        }
        // The queries read the logical names: temporary views over this test's tables and a literal plant shadow them.
        for (const [name, physical] of Object.entries(tables)) await trx.raw(`create temp view ?? as select * from ??`, [name, physical]);
        await trx.raw(`create temp view plant_shop_floors as select 1 as id, false as retired`);
        await trx.raw(`create temp view plant_lines as select * from (values (1, 'Linea 1', 1), (2, 'Linea 2', 1)) l(id, name, shop_floor_id)`);
        await trx.raw(`create temp view plant_equipments as select * from (values (2, 'Filler', 1, false), (5, 'Filler', 2, false)) e(id, name, line_id, retired)`);
        await trx.raw(`create temp view plant_stop_codes as select * from (values (7, 'Inceppamento'), (8, 'Guasto'), (9, 'Attesa')) c(id, name)`);
        await trx.raw(`create temp view dbr_constants as select null::int as line_id, null::float8 as mtbf_threshold, null::float8 as ut_threshold where false`);
        // June is read from the month rollups: Linea 1's shift A there is 1 June and 30 June.
        const june = await trx.raw(
          `select working_minutes, produced, good, ideal, excluded_minutes, unplanned_minutes, failures from oee_month_figures where line_id = 1 and month = '2030-06-01' and shift_code = 'A'`,
        );
        expect(june.rows).toEqual([{ working_minutes: 960, produced: 3600, good: 3580, ideal: 360, excluded_minutes: 30, unplanned_minutes: 26, failures: 2 }]);
        expect((await trx.raw(`select count(*)::int as n from oee_month_pareto where month = '2030-06-01'`)).rows).toEqual([{ n: 15 }]);

        const filter = { shopFloorId: 1, lineNames: ['Linea 1', 'Linea 2'], shiftIds: shiftIds('A'), from: '2030-05-31', to: '2030-07-01', minorStopMinutes: 5 };
        const byCode = await oeeAnswer(trx, { ...filter, shiftIds: [], shiftCodes: ['A'] }, 'none');
        // Linea 1's A of 31 May, 1 June, 30 June, 1 July and Linea 2's of 10 June: 5 x 480 minutes; the stop of 20 June has no report.
        expect(byCode).toMatchObject({ planned_operating_minutes: 2400, excluded_minutes: 30, unplanned_minutes: 50, failures: 5, produced: 6900, good: 6870, run_minutes: 2320 });
        expect(byCode!.losses).toMatchObject({ breakdown_minutes: 47, minor_stop_minutes: 3 });
        // At other thresholds from the rollups' bands (the same 50 minutes: 12, 6, 20, 3 and Linea 2's 9): a stop of exactly T minutes is a breakdown.
        const thresholds: Array<[number, number]> = [
          [1, 50],
          [6, 47],
          [7, 41],
          [10, 32],
          [13, 20],
          [21, 0],
          [480, 0],
        ];
        for (const [minorStopMinutes, b] of thresholds) {
          const at = { ...filter, minorStopMinutes };
          const answer = await oeeAnswer(trx, { ...at, shiftIds: [], shiftCodes: ['A'] }, 'none');
          expect(answer!.losses).toMatchObject({ breakdown_minutes: b, minor_stop_minutes: 50 - b });
          for (const group of ['none', 'line', 'day', 'shift', 'equipment'] as const) {
            const raw = await oeeAnswer(trx, { ...at, rawStops: true }, group);
            expect(await oeeAnswer(trx, { ...at, shiftIds: [], shiftCodes: ['A'] }, group)).toEqual(raw);
            expect(await oeeAnswer(trx, at, group)).toEqual(raw);
          }
        }
        expect(byCode!.performance).toBe(570 / 2320);
        for (const group of ['none', 'line', 'shift', 'equipment'] as const) {
          expect(await oeeAnswer(trx, { ...filter, shiftIds: [], shiftCodes: ['A'] }, group)).toEqual(await oeeAnswer(trx, { ...filter, rawStops: true }, group));
        }
        // Each machine's own stops of shifts with a report (20 June's has none; Linea 2's of 1 June neither), the breakdowns those of 5 minutes or more;
        // from 2 June, June is its month row less 1 June's stops.
        const machines = async (from: string) =>
          (await oeeAnswer(trx, { ...filter, from, shiftIds: [], shiftCodes: ['A'] }, 'equipment'))!.rows.map((r) => [
            r.key,
            r.unplanned_minutes,
            r.losses.breakdown_minutes,
            r.failures,
          ]);
        expect(await machines('2030-05-31')).toEqual([
          ['2', 41, 38, 4],
          ['5', 9, 9, 1],
        ]);
        expect(await machines('2030-06-02')).toEqual([
          ['2', 23, 20, 2],
          ['5', 9, 9, 1],
        ]);
        const june2 = { ...filter, from: '2030-06-02', shiftIds: shiftIds('A').filter((id) => id >= 3_000_030) };
        expect(await oeeAnswer(trx, { ...june2, shiftIds: [], shiftCodes: ['A'] }, 'equipment')).toEqual(await oeeAnswer(trx, { ...june2, rawStops: true }, 'equipment'));
        const both = await oeeAnswer(trx, { ...filter, shiftIds: [], shiftCodes: ['A', 'B'] }, 'none');
        expect(both).toMatchObject({ planned_operating_minutes: 2880, unplanned_minutes: 58, failures: 6, produced: 7500 });

        const bars = async (by: 'stop_code' | 'failure_mode' | 'equipment' | 'shift', codes = ['A', 'B']) =>
          (await lossPareto(trx, { ...filter, shiftIds: [], shiftCodes: codes }, by)).bars.map((b) => [b.key, b.label, b.minutes, b.count]);
        expect(await bars('stop_code')).toEqual([
          ['7', 'Inceppamento', 27, 4],
          ['8', 'Guasto', 26, 2],
          ['9', 'Attesa', 14, 2],
        ]);
        expect(await bars('failure_mode')).toEqual([
          ['Coclea', 'Coclea', 32, 4],
          ['Motore', 'Motore', 20, 1],
          ['Nastro', 'Nastro', 10, 2],
          ['Sensore', 'Sensore', 5, 1],
        ]);
        expect(await bars('equipment')).toEqual([
          ['2', 'Linea 1 · Filler', 53, 6],
          ['5', 'Linea 2 · Filler', 14, 2],
        ]);
        expect(await bars('shift')).toEqual([
          ['A', 'A', 59, 7],
          ['B', 'B', 8, 1],
        ]);
        expect(await bars('stop_code', ['A'])).toEqual([
          ['8', 'Guasto', 26, 2],
          ['7', 'Inceppamento', 19, 3],
          ['9', 'Attesa', 14, 2],
        ]);
        // 2 June - 1 July: June read as its month row less the stops of 1 June (fewer days than the range's 29),
        // so 1 June's Sensore, its only stop, leaves no bar, and Nastro keeps 20 June's 4 minutes.
        const fromJune2 = async (by: 'stop_code' | 'failure_mode') =>
          (await lossPareto(trx, { ...filter, from: '2030-06-02', shiftIds: [], shiftCodes: ['A', 'B'] }, by)).bars.map((b) => [b.key, b.minutes, b.count]);
        expect(await fromJune2('failure_mode')).toEqual([
          ['Coclea', 20, 3],
          ['Motore', 20, 1],
          ['Nastro', 4, 1],
        ]);
        expect(await fromJune2('stop_code')).toEqual([
          ['8', 20, 1],
          ['7', 15, 3],
          ['9', 9, 1],
        ]);
        // The same bars by the shift ids (no month rollup).
        for (const by of ['stop_code', 'failure_mode', 'equipment', 'shift'] as const) {
          expect(await lossPareto(trx, { ...filter, shiftIds: [...shiftIds('A'), ...shiftIds('B')] }, by)).toEqual(
            await lossPareto(trx, { ...filter, shiftIds: [], shiftCodes: ['A', 'B'] }, by),
          );
          const june2 = { ...filter, from: '2030-06-02' };
          const ids = [...shiftIds('A'), ...shiftIds('B')].filter((id) => id >= 3_000_030);
          expect(await lossPareto(trx, { ...june2, shiftIds: ids }, by)).toEqual(await lossPareto(trx, { ...june2, shiftIds: [], shiftCodes: ['A', 'B'] }, by));
        }
        throw new Rollback();
      });
    } catch (err) {
      if (!(err instanceof Rollback)) throw err;
    }
  }, 60_000);
});
