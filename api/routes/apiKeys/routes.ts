import { z } from 'zod';
import { conflict, notFound } from '../../../domain/shared/errors.js';
import { roleSchema } from '../../../domain/users/roles.js';
import { isDuplicateName } from '../../../infra/auth/apiKeys.js';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../middlewares/auth.js';
import { local } from '../stopEvents/plantTime.js';
import { route, type RouteDef } from '../types.js';

export const API_KEY_NAME_MAX = 60;
const nameSchema = z
  .string()
  .trim()
  .min(1, 'Obbligatorio')
  .max(API_KEY_NAME_MAX, `Al massimo ${API_KEY_NAME_MAX} caratteri`)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u, 'Lettere, cifre, spazi, punto, trattino e trattino basso; prima una lettera o una cifra');
const newKeyBody = z.object({ name: nameSchema, role: roleSchema }).strict();
const idPath = z.object({ id: z.string().uuid('Chiave non valida') });

/**
 * Service accounts' API keys (docs/accounts.md, "API keys"): an ERP, a MES or a gateway calls
 * with `Authorization: Bearer <key>` as the role given here. The key is answered once, at
 * creation; the list shows names, roles and uses, never a key or its hash.
 */
export function apiKeyRoutes(deps: AppDeps): RouteDef[] {
  return [
    route({
      method: 'get',
      path: '/admin/api-keys',
      action: 'api_keys:admin',
      async handler(ctx) {
        const keys = await deps.apiKeys.list();
        ctx.body = keys.map((k) => ({
          id: k.id,
          name: k.name,
          role: k.role,
          created_at: local(k.createdAt),
          created_by: k.createdBy,
          last_used_at: k.lastUsedAt ? local(k.lastUsedAt) : null,
        }));
      },
    }),
    route({
      method: 'post',
      path: '/admin/api-keys',
      action: 'api_keys:admin',
      status: 201,
      input: { body: newKeyBody },
      async handler(ctx) {
        const { name, role } = ctx.input.body;
        const me = ctx.state.user as AuthUser;
        const created = await deps.apiKeys.create({ name, role, createdBy: me.username, now: deps.clock() }).catch((err: unknown) => {
          if (isDuplicateName(err)) throw conflict('API_KEY_EXISTS', `Esiste già una chiave di nome ${name}`);
          throw err;
        });
        // Who made which key, for the log; never the key.
        ctx.state.log?.info({ apiKey: created.id, name, role, by: me.username }, 'API key created');
        ctx.set('Cache-Control', 'no-store');
        ctx.body = { id: created.id, name, role, key: created.key };
      },
    }),
    route({
      method: 'delete',
      path: '/admin/api-keys/:id',
      action: 'api_keys:admin',
      input: { params: idPath },
      async handler(ctx) {
        const revoked = await deps.apiKeys.revoke(ctx.input.params.id, deps.clock());
        if (!revoked) throw notFound('Chiave non trovata o già revocata');
        ctx.state.log?.info({ apiKey: revoked.id, name: revoked.name, by: (ctx.state.user as AuthUser).username }, 'API key revoked');
        ctx.body = { id: revoked.id };
      },
    }),
  ];
}
