/**
 * The summary 'Al momento' (docs/dashboard.md, "As of a moment"): the picker's wall-clock value
 * ('2026-11-24T10:15' or with seconds, Italian time, sent as is as `as_of`) and its caption.
 */

/** 'Situazione al 24/11/2026 10:15' (seconds only when not zero); null for no or a malformed moment. */
export function momentCaption(moment: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(moment);
  if (!m) return null;
  const seconds = m[6] && m[6] !== '00' ? `:${m[6]}` : '';
  return `Situazione al ${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}${seconds}`;
}
