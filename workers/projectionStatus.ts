import type { Knex } from 'knex';
import { START, type EventStore, type Position } from '../domain/shared/eventStore.js';
import type { AnyProjection as Projection } from '../projections/types.js';
import type { ProjectionFailure, ProjectionStatus } from '../domain/shared/readModelStatus.js';
import { failureOf, isParked } from './projectionFailures.js';

export type { ProjectionStatus } from '../domain/shared/readModelStatus.js';
import type { GenerationRow } from './projectionGenerations.js';

/** A table of this many rows or more, by the planner's estimate, shows the estimate on the admin page. */
export const EXACT_COUNT_LIMIT = 20_000;

export const positionOf = (row: GenerationRow): Position => ({ commit: Number(row.commit_pos), prepare: Number(row.prepare_pos) });

/**
 * One read model's state from its generations' rows. A parked live generation wins over a
 * rebuild in progress (the read model is stale now, whatever comes next); a failed rebuild
 * newer than the live generation shows until another rebuild or a restart retries it.
 */
export function stateOf(projection: Projection, rows: GenerationRow[]): { state: ProjectionStatus['state']; failure: ProjectionFailure | null } {
  const live = rows.find((r) => r.status === 'live');
  if (live && isParked(live)) return { state: 'failed', failure: failureOf(live) };
  if (rows.some((r) => r.status === 'building')) return { state: 'rebuilding', failure: null };
  const failedRebuild = rows.filter((r) => r.status === 'failed' && r.generation > (live?.generation ?? 0)).sort((a, b) => b.generation - a.generation)[0];
  if (failedRebuild) return { state: 'failed', failure: failureOf(failedRebuild) };
  return { state: !live ? 'missing' : live.version !== projection.version ? 'needs-rebuild' : 'live', failure: null };
}

/**
 * Each read model's position, lag and state, and its last rebuild. `rows` counts every row
 * of the live tables: for the admin page and the CLI, not for the health check a load
 * balancer polls.
 */
export async function projectionStatus(knex: Knex, store: EventStore, projections: Projection[], options: { rows?: boolean } = {}): Promise<ProjectionStatus[]> {
  const rows = await knex<GenerationRow>('projection_generations').whereNot('status', 'retired');
  const out: ProjectionStatus[] = [];
  for (const p of projections) {
    const own = rows.filter((r) => r.name === p.name);
    const live = own.find((r) => r.status === 'live');
    const position = live ? positionOf(live) : null;
    out.push({
      name: p.name,
      version: p.version,
      liveVersion: live?.version ?? null,
      generation: live?.generation ?? null,
      position,
      lag: await store.countAfter(position ?? START),
      ...stateOf(p, own),
      ...(!options.rows ? { rows: null, rowsEstimated: false } : live ? await countRows(knex, live) : { rows: 0, rowsEstimated: false }),
      lastRebuildAt: live?.rebuilt_at ? new Date(live.rebuilt_at).toISOString() : null,
      rebuildEventsPerSecond: live?.rebuild_events_per_second ?? null,
    });
  }
  return out;
}

/**
 * Row count of a generation's tables (an admin look, not a hot path). A table the planner
 * reckons at EXACT_COUNT_LIMIT rows or more is not counted (a full scan that grows with the
 * plant's history: 106 ms a page at a million events, docs/benchmarks.md); its estimate
 * (pg_class.reltuples, kept by autovacuum's analyze) is taken instead and the total says so.
 */
async function countRows(knex: Knex, row: GenerationRow): Promise<{ rows: number; rowsEstimated: boolean }> {
  const tables = Object.values(row.tables);
  const planned = await knex.raw<{ rows: Array<{ name: string; n: string }> }>(
    `select t.name, c.reltuples::bigint as n from unnest(?::text[]) as t(name) join pg_class c on c.oid = to_regclass(t.name)`,
    [tables],
  );
  const estimates = new Map(planned.rows.map((r) => [r.name, Number(r.n)]));
  let rows = 0;
  let rowsEstimated = false;
  for (const phys of tables) {
    const estimate = estimates.get(phys) ?? -1;
    if (estimate >= EXACT_COUNT_LIMIT) {
      rows += estimate;
      rowsEstimated = true;
      continue;
    }
    const r = await knex(phys).count<{ n: string }>('* as n').first();
    rows += Number(r?.n ?? 0);
  }
  return { rows, rowsEstimated };
}
