/**
 * Typed answers at a select step (§5 "Chatbot select steps"): the text is matched
 * case-insensitively against the option names. An exact name wins; failing that, a text that
 * begins exactly one name is taken as that name ('giostra' → 'Giostra di riempimento'), so an
 * operator with gloves need not type it all. A prefix shared by several names matches nothing.
 */

/** Lower case (Italian rules), trimmed, inner runs of spaces as one. */
export function normalizeName(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('it-IT');
}

/** The option the text names, or null (the bot then answers 'Voce non riconosciuta...'). */
export function matchOption<T extends { name: string }>(typed: string, options: readonly T[]): T | null {
  const wanted = normalizeName(typed);
  if (!wanted) return null;
  const exact = options.filter((o) => normalizeName(o.name) === wanted);
  if (exact.length > 0) return exact[0] ?? null;
  const prefixed = options.filter((o) => normalizeName(o.name).startsWith(wanted));
  return prefixed.length === 1 ? (prefixed[0] ?? null) : null;
}
