import type { UserEvent } from '../../domain/users/events.js';
import { deciderSpec } from '../../test/support/deciderSpec.js';
import { userDecider } from './decider.js';

const spec = deciderSpec(userDecider, new Date('2026-11-20T08:00:00Z'));
const registered: UserEvent = { type: 'UserRegistered', data: { userId: 'u1', username: 'anna', role: 'frontline', passwordHash: 'h' } };

describe('user decider', () => {
  describe('given no user', () => {
    it('registers', () => {
      spec.given([]).when({ type: 'RegisterUser', userId: 'u1', username: 'anna', role: 'frontline', passwordHash: 'h' }).then([registered]);
    });
    it('cannot change a password or role', () => {
      spec.given([]).when({ type: 'ChangePassword', username: 'anna', passwordHash: 'x' }).thenRefuses({ status: 404 });
      spec.given([]).when({ type: 'ChangeRole', username: 'anna', role: 'admin' }).thenRefuses({ status: 404 });
    });
  });
  describe('given a registered user', () => {
    it('refuses a second registration with 409', () => {
      spec.given([registered]).when({ type: 'RegisterUser', userId: 'u2', username: 'anna', role: 'admin', passwordHash: 'h' }).thenRefuses({ code: 'USER_EXISTS', status: 409 });
    });
    it('changes the role, and records nothing when it is already that role', () => {
      spec
        .given([registered])
        .when({ type: 'ChangeRole', username: 'anna', role: 'support' })
        .then([{ type: 'UserRoleChanged', data: { role: 'support' } }]);
      spec.given([registered]).when({ type: 'ChangeRole', username: 'anna', role: 'frontline' }).thenNothingHappened();
    });
    it('changes the password', () => {
      spec
        .given([registered])
        .when({ type: 'ChangePassword', username: 'anna', passwordHash: 'h2' })
        .then([{ type: 'UserPasswordChanged', data: { passwordHash: 'h2' } }]);
    });
  });
});
