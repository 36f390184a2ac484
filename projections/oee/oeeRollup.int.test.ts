import fc from 'fast-check';
import type { EventOf } from '../../domain/shared/catalog.js';
import { useTestDatabase } from '../../test/support/db.js';
import { DBR_FIELDS } from '../../domain/dbr/constants.js';
import { asStored } from '../../test/support/eventArbitraries.js';
import { scratchTables } from '../../test/support/replayKit.js';
import { describeWith } from '../../test/support/services.js';
import type { TableNames } from '../types.js';
import { oeeProjection } from './oee.projection.js';

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

const DAYS = ['2030-06-04', '2030-06-05', '2030-06-06'];
const CODES: Array<[string, number, number]> = [
  ['A', 6, 14],
  ['B', 14, 22],
  ['C', 22, 30],
];
const iso = (day: string, hour: number) => new Date(Date.parse(`${day}T00:00:00+02:00`) + hour * 3_600_000).toISOString();

const shifts = fc.record({ d: fc.constantFrom(...DAYS.keys()), extra: fc.boolean() }).map(({ d, extra }): EventOf => ({
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
}));

/** A stop of 1 s to 40 min starting anywhere in the three days (and the night before). */
const span = fc.record({ at: fc.integer({ min: -6 * 3600, max: 3 * 86_400 }), length: fc.integer({ min: 1, max: 2400 }) }).map(({ at, length }) => {
  const start = Date.parse(`${DAYS[0]}T00:00:00+02:00`) + at * 1000;
  return { startTime: new Date(start).toISOString(), endTime: new Date(start + length * 1000).toISOString() };
});
const stopId = fc.integer({ min: 1, max: 12 });
const place = { shopFloorId: fc.constant(1), lineId: fc.integer({ min: 1, max: 2 }), equipmentId: fc.integer({ min: 1, max: 3 }) };

const unplanned = fc.record({ stopId, ...place, span, failureMode: fc.constantFrom('Coclea', 'Nastro') }).map(({ span: s, ...d }): EventOf => ({
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
 * every fold of micro-stops, at the default threshold of 5 minutes.
 */
const RAW = `
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
   group by 1, 2, 3 order by 1, 2, 3`;

const ROLLUP = `
  select line_id, to_char(day, 'YYYY-MM-DD') as day, shift_code, excluded_minutes as x, setup_minutes as su, unplanned_minutes as u,
         breakdown_minutes as b, failures as f, micro_stops as mn, micro_stop_minutes as mm
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
const FIGURES_EXPECTED = `
  with v as (select line_id, def_speed, effective_at as a, lead(effective_at) over w as b, row_number() over w = 1 as is_first from ?? window w as (partition by line_id order by effective_at))
  select r.line_id, to_char(r.day, 'YYYY-MM-DD') as day, r.shift_code, r.volume, v.def_speed as rate, coalesce(s.unplanned_minutes, 0) as u, coalesce(s.failures, 0) as f,
         coalesce(s.micro_stops, 0) as mn, coalesce(s.micro_stop_minutes, 0) as mm
    from ?? r
    left join ?? sh on sh.shop_floor_id = r.shop_floor_id and sh.shift_day = r.day and sh.code = r.shift_code and not sh.extra
    left join v on v.line_id = r.line_id
     and (v.is_first or v.a <= coalesce(sh.start_time, r.day::timestamp at time zone 'Europe/Rome'))
     and (v.b is null or coalesce(sh.start_time, r.day::timestamp at time zone 'Europe/Rome') < v.b)
    left join ?? s on s.line_id = r.line_id and s.day = r.day and s.shift_code = r.shift_code
   order by 1, 2, 3`;

const FIGURES = `select line_id, to_char(day, 'YYYY-MM-DD') as day, shift_code, volume, rate, unplanned_minutes as u, failures as f, micro_stops as mn, micro_stop_minutes as mm from ?? order by 1, 2, 3`;

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
            const raw = (await trx.raw<{ rows: Array<Record<string, unknown>> }>(RAW, [tables.oee_stops!, tables.oee_reasons!, tables.oee_machine_hours!])).rows;
            const rollup = (await trx.raw<{ rows: Array<Record<string, unknown>> }>(ROLLUP, [tables.oee_shift_stops!])).rows;
            expect(rounded(rollup)).toEqual(rounded(raw));
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
    const figuresHistory = fc.array(
      fc.oneof(
        { weight: 2, arbitrary: shifts },
        { weight: 3, arbitrary: report },
        { weight: 3, arbitrary: speed },
        { weight: 3, arbitrary: unplanned },
        { weight: 2, arbitrary: fold },
      ),
      { minLength: 1, maxLength: 30 },
    );
    await fc.assert(
      fc.asyncProperty(figuresHistory, fc.array(fc.nat(), { maxLength: 4 }), async (drafts, cuts) => {
        const start = Date.parse(`${DAYS[0]}T00:00:00+02:00`);
        const events = asStored(drafts).map((e, i) => {
          const hour = (drafts[i] as { hour?: number }).hour;
          return hour === undefined ? e : { ...e, metadata: { ...e.metadata, occurredAt: new Date(start + hour * 3_600_000).toISOString() } };
        });
        const at = [...new Set(cuts.map((c) => c % (events.length + 1)))].sort((a, b) => a - b);
        const batches = [0, ...at, events.length].flatMap((from, i, all) => (i + 1 < all.length ? [events.slice(from, all[i + 1])] : []));
        try {
          await db.knex.transaction(async (trx) => {
            for (const batch of batches) if (batch.length > 0) await oeeProjection.applyBatch({ trx, tables }, batch as Parameters<typeof oeeProjection.applyBatch>[1]);
            const expected = (
              await trx.raw<{ rows: Array<Record<string, unknown>> }>(FIGURES_EXPECTED, [tables.oee_speeds!, tables.oee_reports!, tables.oee_shifts!, tables.oee_shift_stops!])
            ).rows;
            const figures = (await trx.raw<{ rows: Array<Record<string, unknown>> }>(FIGURES, [tables.oee_shift_figures!])).rows;
            expect(figures).toEqual(expected);
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
});
