/**
 * Typed answers in the chats (line log §5 "Chatbot select steps", §4.5–§4.7 assistants): the text
 * is matched case-insensitively against the option names. An exact name wins; failing that, a
 * text that begins exactly one name is taken as that name ('giostra' → 'Giostra di riempimento'),
 * so an operator with gloves need not type it all. A prefix shared by several names matches
 * nothing. The assistants also ignore accents ('si' → 'Sì', 'attivita' → 'Attività'); the stop
 * chats compare accents as typed.
 */

/** How to compare: the locale of the lower-casing, and whether accents count. */
export interface MatchOptions {
  /** Lower-casing rules; Italian unless told. */
  locale?: string;
  /** True: 'e' and 'è' are the same letter. */
  ignoreAccents?: boolean;
}

/** Lower case (Italian rules unless told), trimmed, inner runs of spaces as one; accents dropped on request. */
export function normalizeName(text: string, { locale = 'it-IT', ignoreAccents = false }: MatchOptions = {}): string {
  const lower = text.trim().replace(/\s+/g, ' ').toLocaleLowerCase(locale);
  return ignoreAccents
    ? lower
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .normalize('NFC')
    : lower;
}

/** The option the text names, or null (the chat then answers with its retry message). */
export function matchOption<T extends { name: string }>(typed: string, options: readonly T[], how: MatchOptions = {}): T | null {
  const wanted = normalizeName(typed, how);
  if (!wanted) return null;
  const exact = options.filter((o) => normalizeName(o.name, how) === wanted);
  if (exact.length > 0) return exact[0] ?? null;
  const prefixed = options.filter((o) => normalizeName(o.name, how).startsWith(wanted));
  return prefixed.length === 1 ? (prefixed[0] ?? null) : null;
}
