import type { ReadSet } from '../readSet.js';
import { readUnplannedStream, unplannedStreamOf } from './stopStreams.js';

/**
 * Whether an unplanned stop exists and is not deleted: a root cause needs one. Read
 * through the command's ReadSet, so an analysis saved while its stop is deleted fails
 * its append and is decided again (404).
 */
export async function unplannedStopExists(reads: ReadSet, id: number): Promise<boolean> {
  const where = unplannedStreamOf(id);
  if (!where) return false;
  return (await readUnplannedStream(reads, where)).stops.has(id);
}
