import type { Role } from './roles.js';
import type { Directory, UserEvent } from './events.js';
import type { Fold } from '../shared/fold.js';

export interface RegisteredUser {
  status: 'registered';
  userId: string;
  username: string;
  displayName: string;
  role: Role;
  active: boolean;
  mustChangePassword: boolean;
  /** The directory the person signs in through; null for an account with a password of Linea's. */
  directory: { directory: Directory; subject: string } | null;
}

export type UserState = { status: 'none' } | RegisteredUser;

export const initialUserState: UserState = { status: 'none' };

function registered(state: UserState, event: Exclude<UserEvent, { type: 'UserRegistered' }>): RegisteredUser | null {
  if (state.status !== 'registered') return null;
  switch (event.type) {
    case 'UserPasswordChanged':
      return { ...state, mustChangePassword: event.data.temporary };
    case 'UserRoleChanged':
      return { ...state, role: event.data.role };
    case 'UserDisplayNameChanged':
      return { ...state, displayName: event.data.displayName };
    case 'UserDeactivated':
      return { ...state, active: false };
    case 'UserReactivated':
      return { ...state, active: true };
    case 'UserLinkedToDirectory':
      return { ...state, directory: { directory: event.data.directory, subject: event.data.subject } };
    default: {
      const never: never = event;
      return never;
    }
  }
}

export function evolveUser(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') return { status: 'registered', ...event.data, active: true, directory: null };
  return registered(state, event) ?? state;
}

/** Whether this account can administer: an active admin. */
export const isActiveAdmin = (state: UserState): boolean => state.status === 'registered' && state.active && state.role === 'admin';

/** How the aggregate's stream folds into UserState: what its commands decide on. */
export const userFold: Fold<UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
};
