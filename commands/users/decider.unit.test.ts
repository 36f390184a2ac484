import type { UserEvent } from '../../domain/users/events.js';
import { deciderSpec } from '../../test/support/deciderSpec.js';
import { userDecider } from './decider.js';

const spec = deciderSpec(userDecider, new Date('2026-11-20T08:00:00Z'));
const anna: UserEvent = { type: 'UserRegistered', data: { userId: 'u1', username: 'anna', displayName: 'Anna Neri', role: 'frontline', mustChangePassword: true } };
const boss: UserEvent = { type: 'UserRegistered', data: { userId: 'u2', username: 'boss', displayName: 'Capo', role: 'admin', mustChangePassword: false } };
const update = (o: { role?: 'admin' | 'support' | 'frontline'; active?: boolean; displayName?: string }, anotherActiveAdmin = true) =>
  ({ type: 'UpdateUser', username: 'boss', anotherActiveAdmin, ...o }) as const;

describe('user decider', () => {
  describe('given no user', () => {
    it('registers, with no password or hash in the event', () => {
      spec.given([]).when({ type: 'RegisterUser', userId: 'u1', username: 'anna', displayName: 'Anna Neri', role: 'frontline', mustChangePassword: true }).then([anna]);
    });
    it('keeps the five role names for their own role (the spec: the role is the username)', () => {
      spec.given([]).when({ type: 'RegisterUser', userId: 'u9', username: 'Admin', displayName: 'X', role: 'frontline', mustChangePassword: false }).thenRefuses({ status: 400 });
      spec
        .given([])
        .when({ type: 'RegisterUser', userId: 'u9', username: 'admin', displayName: 'Demo', role: 'admin', mustChangePassword: false })
        .then([{ type: 'UserRegistered', data: { userId: 'u9', username: 'admin', displayName: 'Demo', role: 'admin', mustChangePassword: false } }]);
    });
    it.each(['.', '..', '...', '.anna', '-anna', '_anna', 'an/na', 'an%2fna', ''])('refuses a path-unsafe or option-like name %j with 400 on username', (username) => {
      spec.given([]).when({ type: 'RegisterUser', userId: 'u9', username, displayName: 'X', role: 'frontline', mustChangePassword: false }).thenRefuses({ status: 400 });
    });
    it('accepts names that start with a letter or digit, dots and dashes inside', () => {
      spec
        .given([])
        .when({ type: 'RegisterUser', userId: 'u9', username: 'm.rossi-2_b', displayName: 'X', role: 'frontline', mustChangePassword: false })
        .then([{ type: 'UserRegistered', data: { userId: 'u9', username: 'm.rossi-2_b', displayName: 'X', role: 'frontline', mustChangePassword: false } }]);
    });
    it('cannot change a password, a role or the active flag', () => {
      spec.given([]).when({ type: 'ChangePassword', username: 'anna', temporary: false }).thenRefuses({ status: 404 });
      spec.given([]).when({ type: 'UpdateUser', username: 'anna', role: 'admin', anotherActiveAdmin: true }).thenRefuses({ status: 404 });
    });
  });
  describe('given a registered user', () => {
    it('refuses a second registration with 409', () => {
      spec
        .given([anna])
        .when({ type: 'RegisterUser', userId: 'u2', username: 'anna', displayName: 'A', role: 'admin', mustChangePassword: false })
        .thenRefuses({ code: 'USER_EXISTS', status: 409 });
    });
    it('changes name, role and active flag in one go, and records nothing for what is already so', () => {
      spec
        .given([anna])
        .when({ type: 'UpdateUser', username: 'anna', displayName: 'Anna Rossi', role: 'support', active: false, anotherActiveAdmin: false })
        .then([
          { type: 'UserDisplayNameChanged', data: { displayName: 'Anna Rossi' } },
          { type: 'UserRoleChanged', data: { role: 'support' } },
          { type: 'UserDeactivated', data: {} },
        ]);
      spec.given([anna]).when({ type: 'UpdateUser', username: 'anna', displayName: 'Anna Neri', role: 'frontline', active: true, anotherActiveAdmin: false }).thenNothingHappened();
      spec
        .given([anna, { type: 'UserDeactivated', data: {} }])
        .when({ type: 'UpdateUser', username: 'anna', active: true, anotherActiveAdmin: false })
        .then([{ type: 'UserReactivated', data: {} }]);
    });
    it('records a password change, temporary after a reset', () => {
      spec
        .given([anna])
        .when({ type: 'ChangePassword', username: 'anna', temporary: true })
        .then([{ type: 'UserPasswordChanged', data: { temporary: true } }]);
    });
  });
  describe('the last active admin', () => {
    it('cannot be demoted or switched off while no other active admin exists', () => {
      spec
        .given([boss])
        .when(update({ role: 'support' }, false))
        .thenRefuses({ code: 'LAST_ADMIN', status: 409, message: "È l'ultimo amministratore attivo: prima nomina o riattiva un altro amministratore" });
      spec
        .given([boss])
        .when(update({ active: false }, false))
        .thenRefuses({ code: 'LAST_ADMIN', status: 409 });
      spec
        .given([boss])
        .when(update({ displayName: 'Capo reparto' }, false))
        .then([{ type: 'UserDisplayNameChanged', data: { displayName: 'Capo reparto' } }]);
    });
    it('can be when another active admin exists', () => {
      spec
        .given([boss])
        .when(update({ role: 'support' }))
        .then([{ type: 'UserRoleChanged', data: { role: 'support' } }]);
      spec
        .given([boss])
        .when(update({ active: false }))
        .then([{ type: 'UserDeactivated', data: {} }]);
    });
  });
});
