import { z } from 'zod';
import { notFound } from '../../domain/shared/errors.js';
import { userStream, type UserEvent } from '../../domain/users/events.js';
import { userFold, type UserState } from '../../domain/users/state.js';
import { onStream, runCommand, type CommandContext, type CommandDeps, type CommandResult } from '../handleCommand.js';

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

/** Replaces a registered user's password hash (the hash only: a password never reaches an event). */
export function handleChangePassword(deps: CommandDeps, input: Omit<ChangePassword, 'type'>, ctx: CommandContext): Promise<CommandResult<UserEvent>> {
  return runCommand(
    deps,
    ctx,
    onStream(userStream(input.username), userFold, (state) => decideChangePassword({ type: 'ChangePassword', ...input }, state)),
  );
}
