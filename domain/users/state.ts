import type { Role } from './roles.js';
import type { UserEvent } from './events.js';
import type { Fold } from '../shared/fold.js';

export type UserState = { status: 'none' } | { status: 'registered'; userId: string; username: string; role: Role; passwordHash: string };

export const initialUserState: UserState = { status: 'none' };

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { status: 'registered', ...event.data };
    case 'UserPasswordChanged':
      return state.status === 'registered' ? { ...state, passwordHash: event.data.passwordHash } : state;
    case 'UserRoleChanged':
      return state.status === 'registered' ? { ...state, role: event.data.role } : state;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** How the aggregate's stream folds into UserState: what its commands decide on. */
export const userFold: Fold<UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
};
