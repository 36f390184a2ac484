import { z } from 'zod';
import { defineEvent, type EventOf } from '../shared/catalog.js';
import { roleSchema } from './roles.js';

export const UserRegistered = defineEvent(
  'UserRegistered',
  1,
  z.object({
    userId: z.string().min(1),
    username: z.string().min(1).max(64),
    role: roleSchema,
    passwordHash: z.string().min(1),
  }),
);
export const UserPasswordChanged = defineEvent('UserPasswordChanged', 1, z.object({ passwordHash: z.string().min(1) }));
export const UserRoleChanged = defineEvent('UserRoleChanged', 1, z.object({ role: roleSchema }));

export const userEvents = [UserRegistered, UserPasswordChanged, UserRoleChanged];

export type UserEvent =
  | EventOf<'UserRegistered', z.infer<typeof UserRegistered.schema>>
  | EventOf<'UserPasswordChanged', z.infer<typeof UserPasswordChanged.schema>>
  | EventOf<'UserRoleChanged', z.infer<typeof UserRoleChanged.schema>>;

export const userStream = (username: string) => `user-${username.toLowerCase()}`;
