import type { UserEvent } from '../../domain/users/events.js';
import { deciderSpec } from '../../test/support/deciderSpec.js';
import { userDecider } from './decider.js';

const spec = deciderSpec(userDecider, new Date('2026-11-20T08:00:00Z'));
const signIn = (o: Partial<{ role: 'admin' | 'support' | 'frontline'; displayName: string; subject: string; directory: 'oidc' | 'ldap'; anotherActiveAdmin: boolean }> = {}) =>
  ({
    type: 'DirectorySignIn',
    userId: 'u7',
    username: 'mrossi',
    displayName: 'Mario Rossi',
    role: 'frontline',
    directory: 'oidc',
    subject: 'sub-7',
    anotherActiveAdmin: true,
    ...o,
  }) as const;
const registered: UserEvent = { type: 'UserRegistered', data: { userId: 'u7', username: 'mrossi', displayName: 'Mario Rossi', role: 'frontline', mustChangePassword: false } };
const linked: UserEvent = { type: 'UserLinkedToDirectory', data: { directory: 'oidc', subject: 'sub-7' } };

describe('directory sign-in', () => {
  describe('given no user', () => {
    it('registers the person with no password to change, linked to the directory and subject', () => {
      spec.given([]).when(signIn()).then([registered, linked]);
    });
    it('keeps the role names for their own role', () => {
      spec
        .given([])
        .when({ ...signIn(), username: 'admin', role: 'support' })
        .thenRefuses({ status: 400 });
    });
  });
  describe('given the linked user', () => {
    it('records nothing when name and role are as the directory says', () => {
      spec.given([registered, linked]).when(signIn()).then([]);
    });
    it('follows the directory: a new name and a new role are events', () => {
      spec
        .given([registered, linked])
        .when(signIn({ displayName: 'Mario Rossi Jr', role: 'support' }))
        .then([
          { type: 'UserDisplayNameChanged', data: { displayName: 'Mario Rossi Jr' } },
          { type: 'UserRoleChanged', data: { role: 'support' } },
        ]);
    });
    it('refuses a person switched off in Linea with 401 ACCOUNT_DISABLED', () => {
      spec
        .given([registered, linked, { type: 'UserDeactivated', data: {} }])
        .when(signIn())
        .thenRefuses({ code: 'ACCOUNT_DISABLED', status: 401 });
    });
    it('refuses to demote the last active admin', () => {
      const admin: UserEvent = { type: 'UserRoleChanged', data: { role: 'admin' } };
      spec
        .given([registered, linked, admin])
        .when(signIn({ anotherActiveAdmin: false }))
        .thenRefuses({ code: 'LAST_ADMIN', status: 409 });
    });
  });
  describe('given an account that is not this directory person', () => {
    it('refuses a local account of the same name with 409 ACCOUNT_NOT_LINKED', () => {
      spec.given([registered]).when(signIn()).thenRefuses({ code: 'ACCOUNT_NOT_LINKED', status: 409 });
    });
    it('refuses another subject or another directory', () => {
      spec
        .given([registered, linked])
        .when(signIn({ subject: 'sub-8' }))
        .thenRefuses({ code: 'ACCOUNT_NOT_LINKED', status: 409 });
      spec
        .given([registered, linked])
        .when(signIn({ directory: 'ldap' }))
        .thenRefuses({ code: 'ACCOUNT_NOT_LINKED', status: 409 });
    });
  });
});
