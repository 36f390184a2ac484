import { evolveUser, initialUserState, type UserState } from '../../domain/users/state.js';
import type { UserEvent } from '../../domain/users/events.js';
import type { Decider } from '../handleCommand.js';
import { decideChangePassword, type ChangePassword } from './changePassword.js';
import { decideChangeRole, type ChangeRole } from './changeRole.js';
import { decideRegisterUser, type RegisterUser } from './registerUser.js';

export type UserCommand = RegisterUser | ChangePassword | ChangeRole;

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide(command, state) {
    switch (command.type) {
      case 'RegisterUser':
        return decideRegisterUser(command, state);
      case 'ChangePassword':
        return decideChangePassword(command, state);
      case 'ChangeRole':
        return decideChangeRole(command, state);
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
