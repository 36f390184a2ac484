import { z } from 'zod';
import { DomainError } from '../../../domain/shared/errors.js';
import { parseDay } from '../../../domain/shifts/calendar.js';
import type { StopCursor } from '../../../projections/stops/stops.queries.js';

/**
 * The most stops one answer of GET /factory/stop_events/unplanned carries (docs/line-log.md
 * "Paging"): a year of one line or a month of a dozen lines fit; more is asked page by page.
 */
export const MAX_STOPS_PER_RESPONSE = 2000;

/** Rows of a page when `after` comes without `limit`. */
export const DEFAULT_PAGE_SIZE = 1000;

/** A request without paging whose list is longer than one answer may carry. */
export const tooManyStops = () =>
  new DomainError(
    'TOO_MANY_STOPS',
    400,
    `Troppi stop per una sola risposta (più di ${MAX_STOPS_PER_RESPONSE}): restringi il periodo o le linee, oppure chiedi gli stop a pagine con i parametri limit e after`,
    { limit: `Obbligatorio oltre ${MAX_STOPS_PER_RESPONSE} stop (al massimo ${MAX_STOPS_PER_RESPONSE} per pagina)` },
  );

const CURSOR_TEXT = /^(\d{4}-\d{2}-\d{2})~(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)~(\d{1,16})$/;

/** Opaque to clients: the shift day, start (UTC, microseconds) and id of the last row given, base64url. */
export const encodeCursor = (c: StopCursor): string => Buffer.from(`${c.shiftDay}~${c.startTime}~${c.id}`, 'utf8').toString('base64url');

function decodeCursor(token: string): StopCursor | null {
  if (!/^[A-Za-z0-9_-]{1,120}$/.test(token)) return null;
  const m = CURSOR_TEXT.exec(Buffer.from(token, 'base64url').toString('utf8'));
  if (!m || parseDay(m[1]!) === null || Number.isNaN(Date.parse(m[2]!))) return null;
  const id = Number(m[3]);
  return Number.isSafeInteger(id) && id > 0 ? { shiftDay: m[1]!, startTime: m[2]!, id } : null;
}

const absent = (v: unknown) => v === undefined || v === '';

/** `limit`: rows per page, 1 to MAX_STOPS_PER_RESPONSE; absent or empty is "not given". */
export const limitParam = z.preprocess(
  (v) => (absent(v) ? undefined : v),
  z
    .string({ error: `Numero intero da 1 a ${MAX_STOPS_PER_RESPONSE}` })
    .trim()
    .regex(/^\d{1,6}$/, `Numero intero da 1 a ${MAX_STOPS_PER_RESPONSE}`)
    .transform(Number)
    .pipe(z.number().int().min(1, `Numero intero da 1 a ${MAX_STOPS_PER_RESPONSE}`).max(MAX_STOPS_PER_RESPONSE, `Al massimo ${MAX_STOPS_PER_RESPONSE} per pagina`))
    .optional(),
);

/** `after`: the cursor a previous page answered in X-Next-Cursor; anything else is a 400. */
export const afterParam = z.preprocess(
  (v) => (absent(v) ? undefined : v),
  z
    .string({ error: 'Cursore non valido' })
    .transform((v, ctx) => decodeCursor(v.trim()) ?? (ctx.addIssue({ code: 'custom', message: 'Cursore non valido: usa il valore di X-Next-Cursor' }), z.NEVER))
    .optional(),
);
