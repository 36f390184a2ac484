import { z } from 'zod';
import { notFound } from '../../domain/shared/errors.js';
import { roleSchema } from '../../domain/users/roles.js';
import { userStream, type UserEvent } from '../../domain/users/events.js';
import { userFold, type UserState } from '../../domain/users/state.js';
import { onStream, runCommand, type CommandContext, type CommandDeps, type CommandResult } from '../handleCommand.js';

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

/** Gives a registered user another role; the same role records nothing. */
export function handleChangeRole(deps: CommandDeps, input: Omit<ChangeRole, 'type'>, ctx: CommandContext): Promise<CommandResult<UserEvent>> {
  return runCommand(
    deps,
    ctx,
    onStream(userStream(input.username), userFold, (state) => decideChangeRole({ type: 'ChangeRole', ...input }, state)),
  );
}
