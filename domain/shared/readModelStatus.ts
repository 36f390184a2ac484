/**
 * The state of the read models as the server reports it (GET /admin/projections, /health,
 * `npm run projections -- status`): types only, shared by the workers that compute it and the
 * web page that shows it.
 */
import type { Position } from './eventStore.js';

/**
 * Why a read model stopped (state 'failed'): the event its projection could not decode or apply,
 * as /health, the Proiezioni page and `npm run projections -- status` show it.
 */
export interface ProjectionFailure {
  /** The failing event's position; the read model's own position is the event before it. Null when a rebuild failed for another reason. */
  position: Position | null;
  eventType: string | null;
  stream: string | null;
  eventId: string | null;
  message: string;
  at: string;
  /** A rebuild failed: its half-built tables are dropped and the live generation, if any, keeps serving. */
  duringRebuild: boolean;
}

/** One read model's row of GET /admin/projections. */
export interface ProjectionStatus {
  name: string;
  version: number;
  liveVersion: number | null;
  generation: number | null;
  position: Position | null;
  lag: number;
  /** 'failed': parked at an event its projection cannot apply, or its last rebuild failed (`failure` says which and why). */
  state: 'live' | 'rebuilding' | 'needs-rebuild' | 'missing' | 'failed';
  failure: ProjectionFailure | null;
  /** Rows in the live generation's tables, all tables together; null unless asked for (`status({ rows: true })`). */
  rows: number | null;
  /** True when `rows` includes the planner's estimate of a table too large to count row by row. */
  rowsEstimated: boolean;
  /** When the live generation went live through a rebuild (null: built incrementally since it was first seen). */
  lastRebuildAt: string | null;
  /** The speed of that rebuild, events read per second. */
  rebuildEventsPerSecond: number | null;
}

/** A rebuild's progress as it runs (GET /admin/projections/rebuilds/{jobId} adds the job's state). */
export interface RebuildProgress {
  name: string;
  done: number;
  total: number;
  eventsPerSecond: number;
  /** Seconds left at the current speed; null before the speed is known. */
  etaSeconds: number | null;
}
