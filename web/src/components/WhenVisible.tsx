/**
 * What lies below the fold, drawn only once it comes near the screen: an empty box of the
 * content's height until then (so the page does not jump), then the children, which are
 * usually a lazily imported chart, so neither its code nor its drawing costs the first paint.
 * An IntersectionObserver watches the box; printing draws everything.
 */
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below the screen a box starts to load: a flick of the finger ahead. */
const AHEAD = '200px';

export function WhenVisible({ height, children, className }: { height: number; children: ReactNode; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = box.current;
    if (near || !el) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(el);
    const print = () => setNear(true);
    window.addEventListener('beforeprint', print);
    return () => {
      observer.disconnect();
      window.removeEventListener('beforeprint', print);
    };
  }, [near]);
  const placeholder = <div className="when-visible-placeholder" style={{ height }} />;
  return (
    <div ref={box} className={className} data-loaded={near}>
      {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
