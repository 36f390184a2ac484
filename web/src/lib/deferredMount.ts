/**
 * A large part of a page that appears once its data is in (the dashboard's figures and tables, a
 * line log's report) is first drawn in a deferred render: React builds a deferred render in slices
 * of a few milliseconds, yielding to input between them, where the answer that made it ready
 * would have built it in one long task of the main thread (docs/performance.md). Until that render
 * is done the page keeps what it showed before (a loading text, a hint).
 */
import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';

/** True once `ready` is and the deferred render that first draws the part has begun; false while `ready` is false. */
export function useDeferredMount(ready: boolean): boolean {
  const deferred = useDeferredValue(ready, false);
  return ready && deferred;
}

/**
 * Draws `children` `steps` tasks after it is itself first drawn, in a commit of its own. A render
 * that comes from an answer (SWR) cannot be sliced by React, so a large part drawn at once is one
 * long task; its lower parts drawn later, top first, make it a few short ones. Each step renders
 * this wrapper alone, not the part around it.
 */
export function DrawnLater({ steps = 1, children }: { steps?: number; children: ReactNode }): ReactNode {
  const [left, setLeft] = useState(steps);
  useEffect(() => {
    if (left <= 0) return undefined;
    const id = setTimeout(() => setLeft((n) => n - 1), 0);
    return () => clearTimeout(id);
  }, [left]);
  return left <= 0 ? children : null;
}
