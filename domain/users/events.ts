import { z } from 'zod';
import { defineEvent, type EventOf } from '../shared/catalog.js';
import { roleSchema } from './roles.js';

export const USERNAME_MAX = 64;
export const DISPLAY_NAME_MAX = 100;

/**
 * No password and no hash ever reaches an event: the hash lives in the credentials table
 * (infra/auth/credentials.ts). Version 1 carried `passwordHash`; the upcaster drops it, and
 * the redaction migration (infra/db/migrations.ts, 0007) removed it from stored events.
 */
export const UserRegistered = defineEvent(
  'UserRegistered',
  2,
  z.object({
    userId: z.string().min(1),
    username: z.string().min(1).max(USERNAME_MAX),
    displayName: z.string().min(1).max(DISPLAY_NAME_MAX),
    role: roleSchema,
    mustChangePassword: z.boolean(),
  }),
  {
    1: (data) => {
      const { passwordHash: _hash, ...rest } = data as { passwordHash?: string; username: string };
      return { ...rest, displayName: rest.username, mustChangePassword: false };
    },
  },
);
/** A new password was set: by the user (`temporary: false`) or by an admin's reset (they must change it at the next login). */
export const UserPasswordChanged = defineEvent('UserPasswordChanged', 2, z.object({ temporary: z.boolean() }), { 1: () => ({ temporary: false }) });
export const UserRoleChanged = defineEvent('UserRoleChanged', 1, z.object({ role: roleSchema }));
export const UserDisplayNameChanged = defineEvent('UserDisplayNameChanged', 1, z.object({ displayName: z.string().min(1).max(DISPLAY_NAME_MAX) }));
export const UserDeactivated = defineEvent('UserDeactivated', 1, z.object({}));
export const UserReactivated = defineEvent('UserReactivated', 1, z.object({}));
/** Where a person signs in from: an OIDC provider or an LDAP / Active Directory, with the directory's id of them. */
export const DIRECTORIES = ['oidc', 'ldap'] as const;
export type Directory = (typeof DIRECTORIES)[number];
/**
 * The account signs in through a directory (docs/accounts.md): created at the first sign-in, it
 * has no password of Linea's. `subject` is the directory's own id of the person (OIDC `sub`,
 * the LDAP entry's DN), so another person who later takes the same name cannot take the account.
 */
export const UserLinkedToDirectory = defineEvent('UserLinkedToDirectory', 1, z.object({ directory: z.enum(DIRECTORIES), subject: z.string().min(1).max(1024) }));

export const userEvents = [UserRegistered, UserPasswordChanged, UserRoleChanged, UserDisplayNameChanged, UserDeactivated, UserReactivated, UserLinkedToDirectory];

export type UserEvent =
  | EventOf<'UserRegistered', z.infer<typeof UserRegistered.schema>>
  | EventOf<'UserPasswordChanged', z.infer<typeof UserPasswordChanged.schema>>
  | EventOf<'UserRoleChanged', z.infer<typeof UserRoleChanged.schema>>
  | EventOf<'UserDisplayNameChanged', z.infer<typeof UserDisplayNameChanged.schema>>
  | EventOf<'UserDeactivated', z.infer<typeof UserDeactivated.schema>>
  | EventOf<'UserReactivated', z.infer<typeof UserReactivated.schema>>
  | EventOf<'UserLinkedToDirectory', z.infer<typeof UserLinkedToDirectory.schema>>;

export const USER_STREAM_PREFIX = 'user-';
export const userStream = (username: string) => `${USER_STREAM_PREFIX}${username.toLowerCase()}`;
