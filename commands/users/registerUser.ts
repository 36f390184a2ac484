import { z } from 'zod';
import { conflict } from '../../domain/shared/errors.js';
import { roleSchema } from '../../domain/users/roles.js';
import { userStream, type UserEvent } from '../../domain/users/events.js';
import { userFold, type UserState } from '../../domain/users/state.js';
import { onStream, runCommand, type CommandContext, type CommandDeps, type CommandResult } from '../handleCommand.js';

export const registerUserSchema = z.object({
  type: z.literal('RegisterUser'),
  userId: z.string().min(1),
  username: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[a-zA-Z0-9._-]+$/),
  role: roleSchema,
  passwordHash: z.string().min(1),
});
export type RegisterUser = z.infer<typeof registerUserSchema>;

export function decideRegisterUser(command: RegisterUser, state: UserState): UserEvent[] {
  if (state.status !== 'none') throw conflict('USER_EXISTS', `L'utente ${command.username} esiste già`);
  const { userId, username, role, passwordHash } = command;
  return [{ type: 'UserRegistered', data: { userId, username, role, passwordHash } }];
}

/** Registers a user on the stream of their name (the demo seed, the user scripts); a taken name is a 409. */
export function handleRegisterUser(deps: CommandDeps, input: Omit<RegisterUser, 'type'>, ctx: CommandContext): Promise<CommandResult<UserEvent>> {
  return runCommand(
    deps,
    ctx,
    onStream(userStream(input.username), userFold, (state) => decideRegisterUser({ type: 'RegisterUser', ...input }, state)),
  );
}
