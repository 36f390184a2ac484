import { amendCreated } from './amendShiftReport.js';
import { amended, command, draftSaved, EMPTY, FULL, KEY, refusedLike, spec, submitted } from '../../test/builders/shiftReportFixtures.js';

const amend = (over: Parameters<typeof command>[1] = {}) => command('AmendShiftReport', { username: 'support', ...over });
const CHANGED = { ...FULL, notes: 'Rivisto dal miglioramento', waste: 140 };

describe('amend (improvement role)', () => {
  describe('given no report', () => {
    it('creates the confirmed report, recorded as submitted so the shift counts as closed', () => {
      spec
        .given([])
        .when(amend())
        .then((events) => {
          expect(events).toEqual([{ type: 'ShiftReportSubmitted', data: { ...KEY, ...FULL, by: 'support' } }]);
          expect(amendCreated(events)).toBe(true);
        });
    });

    it('needs every field, like a submit', () => {
      spec
        .given([])
        .when(amend({ content: { ...FULL, notes: '' } }))
        .thenRefuses(refusedLike({ code: 'INCOMPLETE_REPORT', fields: ['notes'] }));
    });

    it('refuses bad values and future days', () => {
      spec
        .given([])
        .when(amend({ content: { ...FULL, productionVolume: -5 } }))
        .thenRefuses(refusedLike({ fields: ['production_volume'] }));
      spec
        .given([])
        .when(amend({ key: { ...KEY, day: '2030-03-11' } }))
        .thenRefuses('FUTURE_DAY');
    });

    it('does not create the sent report before its shift begins', () => {
      spec
        .given([])
        .when(amend({ shiftStart: '2030-03-10T21:00:00Z' }), new Date('2030-03-10T18:11:00Z'))
        .thenRefuses('SHIFT_NOT_STARTED');
    });
  });

  describe('given an operator’s draft (which the improvement role sees as empty)', () => {
    const history = [draftSaved(EMPTY)];

    it('refuses without a revision: the draft is someone else’s last change', () => {
      spec
        .given(history)
        .when(amend())
        .thenRefuses(refusedLike({ code: 'CONCURRENT_MODIFICATION', status: 409 }));
    });

    it('with the revision read, creates the confirmed report in place of the draft', () => {
      spec
        .given(history)
        .when(amend({ revisionPinned: true }))
        .then((events) => {
          expect(events).toEqual([submitted(FULL, 'support')]);
          expect(amendCreated(events)).toBe(true);
        });
    });
  });

  describe('given a report submitted by frontline', () => {
    const history = [draftSaved(), submitted()];

    it('records the amendment when the revision read was given', () => {
      spec
        .given(history)
        .when(amend({ content: CHANGED, revisionPinned: true }))
        .then((events) => {
          expect(events).toEqual([amended(CHANGED, 'support')]);
          expect(amendCreated(events)).toBe(false);
        });
    });

    it('amends it even when it was sent before its shift began', () => {
      spec
        .given(history)
        .when(amend({ content: CHANGED, revisionPinned: true, shiftStart: '2030-03-10T21:00:00Z' }), new Date('2030-03-10T18:30:00Z'))
        .then((events) => expect(events).toEqual([amended(CHANGED, 'support')]));
    });

    it('refuses without a revision', () => {
      spec
        .given(history)
        .when(amend({ content: CHANGED }))
        .thenRefuses('CONCURRENT_MODIFICATION');
    });

    it('records nothing when nothing changed', () => {
      spec
        .given(history)
        .when(amend({ revisionPinned: true }))
        .thenNothingHappened();
    });

    it('keeps the submit rules', () => {
      spec
        .given(history)
        .when(amend({ content: { ...CHANGED, workingTime: 8.5 }, revisionPinned: true }))
        .thenRefuses(refusedLike({ fields: ['working_time'] }));
      spec
        .given(history)
        .when(amend({ content: { ...CHANGED, machineNotes: [] }, revisionPinned: true }))
        .thenRefuses('INCOMPLETE_REPORT');
    });
  });

  describe('given a report the same improvement user amended last', () => {
    it('accepts their next save without a revision', () => {
      spec
        .given([submitted(), amended(FULL, 'support')])
        .when(amend({ content: CHANGED }))
        .then([amended(CHANGED, 'support')]);
    });
  });
});
