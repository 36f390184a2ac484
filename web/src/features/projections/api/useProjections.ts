/**
 * The read models as the server reports them (GET /admin/projections, the same rows as
 * `npm run projections -- status`) and their blue/green rebuilds (admin only).
 */
import useSWR from 'swr';
import type { ProjectionStatus, RebuildProgress } from '../../../../../domain/shared/readModelStatus.js';
import { apiFetch } from '../../../lib/api.js';

export type { ProjectionFailure, ProjectionStatus } from '../../../../../domain/shared/readModelStatus.js';

/** A rebuild job's progress (GET /admin/projections/rebuilds/{jobId}). */
export type RebuildJobProgress = RebuildProgress & { state: string };

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
  return useSWR<RebuildJobProgress>(jobId ? `/admin/projections/rebuilds/${encodeURIComponent(jobId)}` : null, {
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
