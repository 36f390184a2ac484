import { PERMISSIONS } from '../permissions.js';
import type { RouteDef } from '../routes/types.js';
import { fieldsOf, inputSchema, type JsonSchema } from './schemas.js';

/** The description's own version: it changes with the calls, not with each release of the app. */
const DOC_VERSION = '1';

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      additionalProperties: false,
      properties: {
        code: { type: 'string', pattern: '^[A-Z][A-Z_]*$', description: 'Stable code, e.g. VALIDATION_FAILED' },
        message: { type: 'string', description: 'The Italian text the UI shows' },
        fields: { type: 'object', additionalProperties: { type: 'string' }, description: 'Each bad field and why' },
      },
    },
  },
};

const ERRORS: Record<string, string> = {
  '400': 'Input non valido: il messaggio e i campi dicono perché',
  '401': 'Senza token, o token scaduto o di un utente che non esiste più',
  '403': 'Il ruolo non può fare questa azione',
  '404': 'Qualcosa che la chiamata nomina non esiste',
  '409': 'In conflitto con lo stato attuale (già confermato, modificato nel frattempo)',
  '429': 'Troppi tentativi',
  '503': 'Servizio momentaneamente non disponibile',
};

const errorRef = (code: string) => ({ $ref: `#/components/responses/E${code}` });

/** `/factory/dbr_actions/:id` as OpenAPI writes it: `/factory/dbr_actions/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

const SUCCESS: Record<number, string> = { 200: 'OK', 201: 'Creato', 202: 'Accettato' };

/** The error answers a route can give, from what it declares: input, login, writes. */
function errorCodes(route: RouteDef): string[] {
  const takesInput = Boolean(route.input?.body ?? route.input?.query ?? route.input?.params);
  if (route.action === 'public') return route.method === 'get' ? ['503'] : ['400', '401', '429', '503'];
  return [...(takesInput ? ['400'] : []), '401', '403', ...(takesInput ? ['404'] : []), ...(route.method === 'get' ? [] : ['409'])];
}

function parameters(route: RouteDef): JsonSchema[] {
  const path = fieldsOf(route.input?.params);
  const declared = new Set(path.map((p) => p.name));
  // A path parameter the route reads without a schema is still a parameter: any text.
  const undeclared = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!).filter((name) => !declared.has(name));
  return [
    ...path.map((p) => ({ name: p.name, in: 'path', required: true, schema: p.schema })),
    ...undeclared.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    ...fieldsOf(route.input?.query).map((q) => ({
      name: q.name,
      in: 'query',
      required: q.required,
      schema: q.schema,
      ...(q.schema.type === 'array' ? { style: 'form', explode: true } : {}),
    })),
  ];
}

function operation(route: RouteDef): JsonSchema {
  const body = route.input?.body;
  const roles =
    route.action === 'public'
      ? undefined
      : Object.entries(PERMISSIONS)
          .filter(([, actions]) => actions.includes(route.action as never))
          .map(([role]) => role);
  const status = route.status ?? 200;
  return {
    operationId: `${route.method}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    tags: [route.tag ?? 'other'],
    'x-action': route.action,
    ...(roles ? { 'x-roles': roles } : {}),
    security: route.action === 'public' ? [] : [{ bearerAuth: [] }],
    parameters: parameters(route),
    ...(body
      ? {
          requestBody: {
            required: !body.safeParse({}).success,
            content: { [route.input?.form ? 'application/x-www-form-urlencoded' : 'application/json']: { schema: inputSchema(body) } },
          },
        }
      : {}),
    responses: {
      [String(status)]: { description: SUCCESS[status] ?? 'OK', content: { 'application/json': { schema: {} } } },
      ...Object.fromEntries(errorCodes(route).map((code) => [code, errorRef(code)])),
    },
  };
}

/**
 * The OpenAPI 3.1 description of a list of routes, generated from the schemas the router
 * validates with (api/validate.ts) and the action each route needs (api/permissions.ts).
 */
export function openApiDocument(routes: readonly RouteDef[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) (paths[openApiPath(route.path)] ??= {})[route.method] = operation(route);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Linea API',
      version: DOC_VERSION,
      description:
        "Le chiamate del server di Linea. Ogni chiamata tranne /loginjwt, /health, /health/live, /health/ready e /metrics (da loopback o con il token METRICS_TOKEN) vuole `Authorization: Bearer <token>` (il token di POST /loginjwt, o la chiave API di un account di servizio, `linea_…`); `x-action` è l'azione che serve e `x-roles` i ruoli che la hanno.",
    },
    tags: [...new Set(routes.map((r) => r.tag ?? 'other'))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Il token di POST /loginjwt (JWT), o una chiave API (POST /admin/api-keys)' },
      },
      schemas: { Error: ERROR_SCHEMA },
      responses: Object.fromEntries(
        Object.entries(ERRORS).map(([code, description]) => [`E${code}`, { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }]),
      ),
    },
  };
}
