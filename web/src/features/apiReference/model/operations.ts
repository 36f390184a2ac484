/**
 * The OpenAPI description turned into what the 'Riferimento API' page lists: operations grouped
 * by resource, each with its method, path, action, roles, parameters and body fields. Pure, so
 * the page stays a renderer and this is unit-tested.
 */

type Schema = Record<string, unknown>;

/** The parts of an OpenAPI 3.1 document the page reads. */
export interface ApiDescription {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Schema>>;
}

export interface Field {
  name: string;
  /** 'path', 'query' or 'body'. */
  where: string;
  required: boolean;
  type: string;
  description?: string;
}

export interface Operation {
  method: string;
  path: string;
  action: string;
  roles: string[];
  fields: Field[];
  /** The body's media type when the call takes one; form posts are named. */
  bodyType: string | null;
  /** A body that is not an object of fields (a bare list, one of two shapes). */
  bodyShape: string | null;
  success: string;
}

export interface OperationGroup {
  tag: string;
  operations: Operation[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** A JSON Schema in a few words: `string`, `number | string`, `string[]`, `'a' | 'b'`, `any`. */
export function typeOf(s: Schema | undefined): string {
  if (!s || Object.keys(s).filter((k) => k !== 'description' && k !== 'default').length === 0) return 'any';
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (union) return [...new Set(union.map(typeOf).flatMap((t) => t.split(' | ')))].join(' | ');
  const type = s.type;
  if (Array.isArray(type)) return type.join(' | ');
  if (type === 'array') {
    const item = typeOf(s.items as Schema | undefined);
    return item.includes(' | ') ? `(${item})[]` : `${item}[]`;
  }
  if (type === 'object') return s.properties ? 'object' : 'object (chiave: valore)';
  return typeof type === 'string' ? type : 'any';
}

function bodyOf(op: Schema): { type: string; schema: Schema } | null {
  const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content;
  const [type, media] = Object.entries(content ?? {})[0] ?? [];
  return type ? { type, schema: media?.schema ?? {} } : null;
}

function operationOf(method: string, path: string, op: Schema): Operation {
  const params = ((op.parameters ?? []) as Array<{ name: string; in: string; required?: boolean; schema?: Schema }>).map((p) => ({
    name: p.name,
    where: p.in,
    required: p.required === true,
    type: typeOf(p.schema),
    ...(typeof p.schema?.description === 'string' ? { description: p.schema.description } : {}),
  }));
  const body = bodyOf(op);
  const props = body?.schema.properties as Record<string, Schema> | undefined;
  const required = new Set((body?.schema.required as string[] | undefined) ?? []);
  const bodyFields = Object.entries(props ?? {}).map(([name, s]) => ({ name, where: 'body', required: required.has(name), type: typeOf(s) }));
  const success = Object.keys((op.responses ?? {}) as Schema).find((code) => code.startsWith('2')) ?? '200';
  return {
    method: method.toUpperCase(),
    path,
    action: String(op['x-action'] ?? ''),
    roles: (op['x-roles'] as string[] | undefined) ?? [],
    fields: [...params, ...bodyFields],
    bodyType: body?.type ?? null,
    bodyShape: body && !props ? typeOf(body.schema) : null,
    success,
  };
}

/** Every operation of the description, grouped by its first tag, groups and operations in the description's order. */
export function groupOperations(doc: ApiDescription): OperationGroup[] {
  const groups = new Map<string, Operation[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = (op.tags as string[] | undefined)?.[0] ?? 'altro';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push(operationOf(method, path, op));
    }
  }
  return [...groups].map(([tag, operations]) => ({ tag, operations }));
}

/** The groups with only the operations whose path, method or action contains `text` (case-insensitive); empty groups dropped. */
export function filterOperations(groups: OperationGroup[], text: string): OperationGroup[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return groups;
  const hit = (o: Operation) => [o.path, o.method, o.action].some((v) => v.toLowerCase().includes(needle));
  return groups.map((g) => ({ tag: g.tag, operations: g.operations.filter(hit) })).filter((g) => g.operations.length > 0);
}
