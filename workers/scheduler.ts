import type { RebuildProgress } from './projectionEngine.js';

/** Wakes projection runners after appends and runs rebuilds; BullMQ or in-process. */
export interface ProjectionScheduler {
  readonly kind: 'bullmq' | 'in-process';
  /** Asks the named projections to catch up; cheap and deduplicated. */
  wake(names: string[]): void;
  /** Starts a blue/green rebuild in the background; resolves with a job id. */
  requestRebuild(name: string): Promise<string>;
  /** Progress of a rebuild job, or null if unknown. */
  rebuildProgress(jobId: string): Promise<(RebuildProgress & { state: string }) | null>;
  close(): Promise<void>;
}
