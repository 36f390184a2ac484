import { z } from 'zod';

/** A JSON Schema as OpenAPI 3.1 takes it (draft 2020-12). */
export type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema of what a client sends: the input side of transforms and pipes (a digit string
 * that becomes a number is described as the string), and `{}` for what JSON Schema cannot say (a
 * preprocess, a custom check), so the description never refuses to build.
 */
export function inputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const object = objectOf(schema);
  if (object) {
    const required = requiredKeys(object);
    if (required.length > 0) json.required = required;
    else delete json.required;
  }
  return json;
}

/**
 * The fields a client must send: those whose schema refuses absence. Asked of the schema itself,
 * because a preprocess that gives a default (a list, `days`) accepts absence without saying so.
 */
export function requiredKeys(schema: z.ZodObject): string[] {
  return Object.entries(schema.shape as Record<string, z.ZodType>)
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([key]) => key);
}

/**
 * The object a client sends, also when the schema transforms it into a command's input (a body
 * whose spec names become the command's): the description shows what is sent, not what it becomes.
 */
function objectOf(schema: z.ZodType | undefined): z.ZodObject | undefined {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodPipe) return objectOf(schema.in as z.ZodType);
  return undefined;
}

/** One field of an object schema, or nothing when the schema is not an object. */
export function fieldsOf(schema: z.ZodType | undefined): Array<{ name: string; required: boolean; schema: JsonSchema }> {
  const object = objectOf(schema);
  if (!object) return [];
  const required = new Set(requiredKeys(object));
  return Object.entries(object.shape as Record<string, z.ZodType>).map(([name, field]) => ({ name, required: required.has(name), schema: inputSchema(field) }));
}
