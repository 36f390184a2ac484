import type { z } from 'zod';
import { validationError } from '../domain/shared/errors.js';

/** Parses input or throws a 400 that names each bad field; nothing runs past a failed parse. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, message = 'Dati non validi'): z.infer<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const fields: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  throw validationError(message, fields);
}

/** List parameters accept repeated keys and comma-joined values; empty entries are ignored. */
export function listParam(value: string | string[] | undefined): string[] {
  const raw = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return raw
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
}
