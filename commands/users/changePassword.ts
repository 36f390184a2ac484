import { z } from 'zod';
import { notFound } from '../../domain/shared/errors.js';
import type { UserEvent } from '../../domain/users/events.js';
import type { UserState } from '../../domain/users/state.js';

export const changePasswordSchema = z.object({
  type: z.literal('ChangePassword'),
  username: z.string().min(1),
  passwordHash: z.string().min(1),
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;

export function decideChangePassword(command: ChangePassword, state: UserState): UserEvent[] {
  if (state.status !== 'registered') throw notFound(`Utente ${command.username} non trovato`);
  return [{ type: 'UserPasswordChanged', data: { passwordHash: command.passwordHash } }];
}
