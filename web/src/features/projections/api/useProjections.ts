/**
 * The read models as the server reports them (GET /admin/projections, the same rows as
 * `npm run projections -- status`) and their blue/green rebuilds (admin only).
 */
import useSWR from 'swr';
import { apiFetch } from '../../../lib/api.js';

/** One read model's row of GET /admin/projections. */
export interface ProjectionStatus {
  name: string;
  version: number;
  liveVersion: number | null;
  generation: number | null;
  position: { commit: number; prepare: number } | null;
  lag: number;
  /** 'failed': stopped at an event its projection cannot apply, or its last rebuild failed. */
  state: 'live' | 'rebuilding' | 'needs-rebuild' | 'missing' | 'failed';
  /** Where and why a failed read model stopped; null otherwise. */
  failure: ProjectionFailure | null;
  /** Counted for this page (the health check leaves it null). */
  rows: number | null;
  /** True when a table too large to count row by row is in `rows` by the database's estimate. */
  rowsEstimated: boolean;
  lastRebuildAt: string | null;
  rebuildEventsPerSecond: number | null;
}

/** The event a failed read model stopped at (position null: a rebuild that failed for another reason). */
export interface ProjectionFailure {
  position: { commit: number; prepare: number } | null;
  eventType: string | null;
  stream: string | null;
  eventId: string | null;
  message: string;
  at: string;
  /** A rebuild failed; the live generation, if any, still serves. */
  duringRebuild: boolean;
}

/** A rebuild job's progress (GET /admin/projections/rebuilds/{jobId}). */
export interface RebuildProgress {
  name: string;
  done: number;
  total: number;
  eventsPerSecond: number;
  etaSeconds: number | null;
  state: string;
}

/** Every read model; refreshed every ten seconds (it counts every row, so not more often). */
export function useProjections() {
  return useSWR<ProjectionStatus[]>('/admin/projections', { refreshInterval: 10_000 });
}

/** Starts a rebuild; resolves with the job to follow. */
export async function startRebuild(name: string): Promise<string> {
  const r = await apiFetch<{ job_id: string }>(`/admin/projections/${encodeURIComponent(name)}/rebuild`, { method: 'POST' });
  return r.job_id;
}

/** Follows a rebuild job every half second until it completes or fails. */
export function useRebuild(jobId: string | null) {
  return useSWR<RebuildProgress>(jobId ? `/admin/projections/rebuilds/${encodeURIComponent(jobId)}` : null, {
    refreshInterval: (p) => (p && (p.state === 'completed' || p.state === 'failed') ? 0 : 500),
  });
}

/**
 * Opens bull-board: the board cannot read the bearer token the app keeps, so the server first
 * sets a short-lived cookie for it (POST /admin/queues-session), then the browser goes there.
 */
export async function openQueueBoard(): Promise<void> {
  const { url } = await apiFetch<{ url: string }>('/admin/queues-session', { method: 'POST' });
  window.location.assign(url);
}
