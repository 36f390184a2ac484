import { MESSAGES } from '../../domain/shiftReports/errors.js';
import { amended, command, draftSaved, EMPTY, FULL, KEY, refusedLike, refusedWith, spec, submitted } from '../../test/builders/shiftReportFixtures.js';

const save = (over: Parameters<typeof command>[1] = {}) => command('SaveShiftReportDraft', over);

describe('save draft', () => {
  describe('given no report', () => {
    it('records the draft with its whole content, key and author', () => {
      spec
        .given([])
        .when(save())
        .then([{ type: 'ShiftReportDraftSaved', data: { ...KEY, ...FULL, by: 'frontline' } }]);
    });

    it('accepts partial content: blanks are for the submit to refuse', () => {
      spec
        .given([])
        .when(save({ content: EMPTY }))
        .then([draftSaved(EMPTY)]);
      spec
        .given([])
        .when(save({ content: { ...EMPTY, notes: 'inizio turno', machineNotes: [{ Macchina: '', Nota: '' }] } }))
        .then((events) => expect(events).toHaveLength(1));
    });

    it('accepts today and earlier days, refuses a future day with FUTURE_DAY', () => {
      spec
        .given([])
        .when(save({ key: { ...KEY, day: '2030-03-09' } }))
        .then((events) => expect(events).toHaveLength(1));
      spec
        .given([])
        .when(save({ key: { ...KEY, day: '2030-03-11' } }))
        .thenRefuses(
          refusedWith({
            code: 'FUTURE_DAY',
            status: 400,
            message: 'Non puoi inviare report per giorni futuri',
            fields: ['day'],
          }),
        );
    });

    it('takes "today" in Europe/Rome, not in UTC', () => {
      const afterMidnightInRome = new Date('2030-03-10T23:30:00Z');
      spec
        .given([])
        .when(save({ key: { ...KEY, day: '2030-03-11' } }), afterMidnightInRome)
        .then((events) => expect(events).toHaveLength(1));
      const beforeMidnightInRome = new Date('2030-03-10T22:30:00Z');
      spec
        .given([])
        .when(save({ key: { ...KEY, day: '2030-03-11' } }), beforeMidnightInRome)
        .thenRefuses('FUTURE_DAY');
    });

    it('refuses negative figures, naming each', () => {
      const content = { ...EMPTY, productionVolume: -1, waste: -0.5, workingTime: -2 };
      spec
        .given([])
        .when(save({ content }))
        .thenRefuses(
          refusedWith({
            code: 'VALIDATION_FAILED',
            status: 400,
            message: MESSAGES.invalidDraft,
            fields: ['production_volume', 'waste', 'working_time'],
          }),
        );
    });

    it('accepts worked hours up to the shift length, decimals included, and refuses more', () => {
      spec
        .given([])
        .when(save({ content: { ...EMPTY, workingTime: 8 } }))
        .then((events) => expect(events).toHaveLength(1));
      spec
        .given([])
        .when(save({ content: { ...EMPTY, workingTime: 7.25 }, shiftHours: 7.25 }))
        .then((events) => expect(events).toHaveLength(1));
      spec
        .given([])
        .when(save({ content: { ...EMPTY, workingTime: 8.01 } }))
        .thenRefuses(refusedLike({ code: 'VALIDATION_FAILED', fields: ['working_time'] }));
    });

    it('accepts 10 machine-note rows and refuses 11', () => {
      const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ Macchina: `M${i}`, Nota: '' }));
      spec
        .given([])
        .when(save({ content: { ...EMPTY, machineNotes: rows(10) } }))
        .then((events) => expect(events).toHaveLength(1));
      spec
        .given([])
        .when(save({ content: { ...EMPTY, machineNotes: rows(11) } }))
        .thenRefuses(refusedLike({ fields: ['machine_notes'] }));
    });

    it('refuses machine-note columns that are not the shop floor’s report labels', () => {
      spec
        .given([])
        .when(save({ content: { ...EMPTY, machineNotes: [{ Macchina: 'x', Problema: 'y' }] } }))
        .thenRefuses(refusedLike({ code: 'VALIDATION_FAILED', fields: ['machine_notes'] }));
      spec
        .given([])
        .when(save({ content: { ...EMPTY, machineNotes: [{ Nota: 'solo nota' }] } }))
        .then((events) => expect(events).toHaveLength(1));
    });

    it('refuses over-long notes and cells', () => {
      spec
        .given([])
        .when(save({ content: { ...EMPTY, notes: 'x'.repeat(5001) } }))
        .thenRefuses(refusedLike({ fields: ['notes'] }));
      spec
        .given([])
        .when(save({ content: { ...EMPTY, notes: 'x'.repeat(5000) } }))
        .then((events) => expect(events).toHaveLength(1));
      spec
        .given([])
        .when(save({ content: { ...EMPTY, machineNotes: [{ Nota: 'x'.repeat(1001) }] } }))
        .thenRefuses(refusedLike({ fields: ['machine_notes'] }));
    });
  });

  describe('given a draft by frontline', () => {
    const history = [draftSaved(EMPTY)];

    it('records the author’s next autosave without a revision', () => {
      spec
        .given(history)
        .when(save())
        .then([draftSaved(FULL)]);
    });

    it('records nothing when the content did not change', () => {
      spec
        .given(history)
        .when(save({ content: EMPTY }))
        .thenNothingHappened();
      spec
        .given([draftSaved(FULL)])
        .when(save({ content: { ...FULL, machineNotes: [{ Nota: 'Valvola sostituita', Macchina: 'Riempitrice' }] } }))
        .thenNothingHappened();
    });

    it('refuses another user without a revision with 409 CONCURRENT_MODIFICATION', () => {
      spec
        .given(history)
        .when(save({ username: 'demoit' }))
        .thenRefuses(refusedLike({ code: 'CONCURRENT_MODIFICATION', status: 409 }));
    });

    it('lets another user write when the revision they read was given (the store checks it)', () => {
      spec
        .given(history)
        .when(save({ username: 'demoit', revisionPinned: true }))
        .then([draftSaved(FULL, 'demoit')]);
    });
  });

  describe('given a submitted report', () => {
    it.each([
      ['submitted by the operator', [draftSaved(), submitted()]],
      ['amended by the improvement role', [submitted(), amended(FULL, 'support')]],
    ])('refuses any save with 409 "Report già inviato" (%s)', (_label, history) => {
      for (const over of [{}, { revisionPinned: true }, { content: EMPTY }]) {
        spec
          .given(history)
          .when(save(over))
          .thenRefuses(refusedWith({ code: 'REPORT_ALREADY_SUBMITTED', status: 409, message: 'Report già inviato', fields: [] }));
      }
    });
  });
});
