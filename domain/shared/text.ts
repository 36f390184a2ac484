/**
 * Text measures shared by the server and the web app (free of dependencies, so the web
 * app imports it as it is).
 */

/**
 * Length as the user sees it: Unicode characters (code points), the same on the client and
 * the server, so 'è' or an emoji counts one, never the two UTF-16 units JavaScript's
 * `length` gives an emoji.
 */
export function charCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** The text cut to at most `max` characters (code points), never splitting one. */
export function clipChars(text: string, max: number): string {
  if (text.length <= max) return text;
  let n = 0;
  let i = 0;
  while (i < text.length && n < max) {
    const c = text.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && text.charCodeAt(i + 1) >= 0xdc00 && text.charCodeAt(i + 1) <= 0xdfff ? 2 : 1;
    n++;
  }
  return text.slice(0, i);
}

/**
 * Characters PostgreSQL cannot keep as sent: NUL (refused by text and jsonb columns) and
 * lone UTF-16 surrogates (refused by jsonb, silently replaced in text).
 */
export const UNSTORABLE_MESSAGE = 'Il testo contiene caratteri non consentiti';

export const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Any NUL or surrogate at all: a quick test that lets most text skip UNSTORABLE's lookarounds. */
const NUL_OR_SURROGATE = /[\u0000\uD800-\uDFFF]/;

const unstorable = (text: string) => NUL_OR_SURROGATE.test(text) && UNSTORABLE.test(text);

/**
 * Whether any string in a JSON-like value (keys included) holds an unstorable character;
 * iterative, so any depth is safe. Every decoded event goes through it.
 */
export function holdsUnstorable(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (unstorable(v)) return true;
    } else if (Array.isArray(v)) {
      for (const inner of v) stack.push(inner);
    } else if (v !== null && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      for (const key in o) {
        if (!Object.hasOwn(o, key)) continue;
        if (unstorable(key)) return true;
        const inner = o[key];
        // Numbers, flags and nulls hold no text: not stacked.
        if (typeof inner === 'string') {
          if (unstorable(inner)) return true;
        } else if (inner !== null && typeof inner === 'object') stack.push(inner);
      }
    }
  }
  return false;
}
