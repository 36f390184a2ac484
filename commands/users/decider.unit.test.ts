import type { UserEvent } from '../../domain/users/events.js';
import { userDecider, type UserCommand } from './decider.js';

const now = new Date('2026-11-20T08:00:00Z');
const given = (events: UserEvent[]) => events.reduce(userDecider.evolve, userDecider.initialState);
const when = (events: UserEvent[], command: UserCommand) => userDecider.decide(command, given(events), now);
const registered: UserEvent = { type: 'UserRegistered', data: { userId: 'u1', username: 'anna', role: 'frontline', passwordHash: 'h' } };

describe('user decider', () => {
  describe('given no user', () => {
    it('registers', () => {
      expect(when([], { type: 'RegisterUser', userId: 'u1', username: 'anna', role: 'frontline', passwordHash: 'h' })).toEqual([registered]);
    });
    it('cannot change a password or role', () => {
      expect(() => when([], { type: 'ChangePassword', username: 'anna', passwordHash: 'x' })).toThrow(expect.objectContaining({ status: 404 }));
      expect(() => when([], { type: 'ChangeRole', username: 'anna', role: 'admin' })).toThrow(expect.objectContaining({ status: 404 }));
    });
  });
  describe('given a registered user', () => {
    it('refuses a second registration with 409', () => {
      expect(() => when([registered], { type: 'RegisterUser', userId: 'u2', username: 'anna', role: 'admin', passwordHash: 'h' })).toThrow(
        expect.objectContaining({ code: 'USER_EXISTS', status: 409 }),
      );
    });
    it('changes the role, and records nothing when it is already that role', () => {
      expect(when([registered], { type: 'ChangeRole', username: 'anna', role: 'support' })).toEqual([{ type: 'UserRoleChanged', data: { role: 'support' } }]);
      expect(when([registered], { type: 'ChangeRole', username: 'anna', role: 'frontline' })).toEqual([]);
    });
    it('changes the password', () => {
      expect(when([registered], { type: 'ChangePassword', username: 'anna', passwordHash: 'h2' })).toEqual([{ type: 'UserPasswordChanged', data: { passwordHash: 'h2' } }]);
    });
  });
});
