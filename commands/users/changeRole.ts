import { z } from 'zod';
import { notFound } from '../../domain/shared/errors.js';
import { roleSchema } from '../../domain/users/roles.js';
import type { UserEvent } from '../../domain/users/events.js';
import type { UserState } from '../../domain/users/state.js';

export const changeRoleSchema = z.object({
  type: z.literal('ChangeRole'),
  username: z.string().min(1),
  role: roleSchema,
});
export type ChangeRole = z.infer<typeof changeRoleSchema>;

export function decideChangeRole(command: ChangeRole, state: UserState): UserEvent[] {
  if (state.status !== 'registered') throw notFound(`Utente ${command.username} non trovato`);
  if (state.role === command.role) return [];
  return [{ type: 'UserRoleChanged', data: { role: command.role } }];
}
