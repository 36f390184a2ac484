import { amendCreated } from './amendShiftReport.js';
import { amended, command, draftSaved, EMPTY, FULL, KEY, refused, submitted, when } from '../../test/builders/shiftReportFixtures.js';

const amend = (over: Parameters<typeof command>[1] = {}) => command('AmendShiftReport', { username: 'support', ...over });
const CHANGED = { ...FULL, notes: 'Rivisto dal miglioramento', waste: 140 };

describe('amend (improvement role)', () => {
  describe('given no report', () => {
    it('creates the confirmed report, recorded as submitted so the shift counts as closed', () => {
      const events = when([], amend());
      expect(events).toEqual([{ type: 'ShiftReportSubmitted', data: { ...KEY, ...FULL, by: 'support' } }]);
      expect(amendCreated(events)).toBe(true);
    });

    it('needs every field, like a submit', () => {
      expect(refused(() => when([], amend({ content: { ...FULL, notes: '' } })))).toMatchObject({ code: 'INCOMPLETE_REPORT', fields: ['notes'] });
    });

    it('refuses bad values and future days', () => {
      expect(refused(() => when([], amend({ content: { ...FULL, productionVolume: -5 } }))).fields).toEqual(['production_volume']);
      expect(refused(() => when([], amend({ key: { ...KEY, day: '2030-03-11' } }))).code).toBe('FUTURE_DAY');
    });
  });

  describe('given an operator’s draft (which the improvement role sees as empty)', () => {
    const history = [draftSaved(EMPTY)];

    it('refuses without a revision: the draft is someone else’s last change', () => {
      expect(refused(() => when(history, amend()))).toMatchObject({ code: 'CONCURRENT_MODIFICATION', status: 409 });
    });

    it('with the revision read, creates the confirmed report in place of the draft', () => {
      const events = when(history, amend({ revisionPinned: true }));
      expect(events).toEqual([submitted(FULL, 'support')]);
      expect(amendCreated(events)).toBe(true);
    });
  });

  describe('given a report submitted by frontline', () => {
    const history = [draftSaved(), submitted()];

    it('records the amendment when the revision read was given', () => {
      const events = when(history, amend({ content: CHANGED, revisionPinned: true }));
      expect(events).toEqual([amended(CHANGED, 'support')]);
      expect(amendCreated(events)).toBe(false);
    });

    it('refuses without a revision', () => {
      expect(refused(() => when(history, amend({ content: CHANGED }))).code).toBe('CONCURRENT_MODIFICATION');
    });

    it('records nothing when nothing changed', () => {
      expect(when(history, amend({ revisionPinned: true }))).toEqual([]);
    });

    it('keeps the submit rules', () => {
      expect(refused(() => when(history, amend({ content: { ...CHANGED, workingTime: 8.5 }, revisionPinned: true }))).fields).toEqual(['working_time']);
      expect(refused(() => when(history, amend({ content: { ...CHANGED, machineNotes: [] }, revisionPinned: true }))).code).toBe('INCOMPLETE_REPORT');
    });
  });

  describe('given a report the same improvement user amended last', () => {
    it('accepts their next save without a revision', () => {
      expect(when([submitted(), amended(FULL, 'support')], amend({ content: CHANGED }))).toEqual([amended(CHANGED, 'support')]);
    });
  });
});
