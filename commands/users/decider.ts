import { evolveUser, initialUserState, type UserState } from '../../domain/users/state.js';
import type { UserEvent } from '../../domain/users/events.js';
import type { Decider } from '../handleCommand.js';
import { decideDirectorySignIn, type DirectorySignIn } from './directorySignIn.js';
import { decideChangePassword, decideRegisterUser, decideUpdateUser, type ChangePassword, type RegisterUser, type UpdateUser } from './decide.js';

export type UserCommand = RegisterUser | ChangePassword | UpdateUser | DirectorySignIn;

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide(command, state) {
    switch (command.type) {
      case 'RegisterUser':
        return decideRegisterUser(command, state);
      case 'ChangePassword':
        return decideChangePassword(command, state);
      case 'UpdateUser':
        return decideUpdateUser(command, state);
      case 'DirectorySignIn':
        return decideDirectorySignIn(command, state);
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
