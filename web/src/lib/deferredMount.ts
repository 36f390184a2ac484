/**
 * A large part of a page that appears once its data is in (the dashboard's figures and tables, a
 * line log's report) is first drawn in a deferred render: React builds a deferred render in slices
 * of a few milliseconds, yielding to input between them, where the answer that made it ready
 * would have built it in one long task of the main thread (docs/performance.md). Until that render
 * is done the page keeps what it showed before (a loading text, a hint).
 */
import { useDeferredValue } from 'react';

/** True once `ready` is and the deferred render that first draws the part has begun; false while `ready` is false. */
export function useDeferredMount(ready: boolean): boolean {
  const deferred = useDeferredValue(ready, false);
  return ready && deferred;
}
