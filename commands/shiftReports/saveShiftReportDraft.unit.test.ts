import { MESSAGES } from '../../domain/shiftReports/errors.js';
import { command, draftSaved, EMPTY, FULL, KEY, refused, submitted, amended, when } from '../../test/builders/shiftReportFixtures.js';

const save = (over: Parameters<typeof command>[1] = {}) => command('SaveShiftReportDraft', over);

describe('save draft', () => {
  describe('given no report', () => {
    it('records the draft with its whole content, key and author', () => {
      expect(when([], save())).toEqual([{ type: 'ShiftReportDraftSaved', data: { ...KEY, ...FULL, by: 'frontline' } }]);
    });

    it('accepts partial content: blanks are for the submit to refuse', () => {
      expect(when([], save({ content: EMPTY }))).toEqual([draftSaved(EMPTY)]);
      expect(when([], save({ content: { ...EMPTY, notes: 'inizio turno', machineNotes: [{ Macchina: '', Nota: '' }] } }))).toHaveLength(1);
    });

    it('accepts today and earlier days, refuses a future day with FUTURE_DAY', () => {
      expect(when([], save({ key: { ...KEY, day: '2030-03-09' } }))).toHaveLength(1);
      expect(refused(() => when([], save({ key: { ...KEY, day: '2030-03-11' } })))).toEqual({
        code: 'FUTURE_DAY', status: 400, message: 'Non puoi inviare report per giorni futuri', fields: ['day'],
      });
    });

    it('takes "today" in Europe/Rome, not in UTC', () => {
      const afterMidnightInRome = new Date('2030-03-10T23:30:00Z');
      expect(when([], save({ key: { ...KEY, day: '2030-03-11' } }), afterMidnightInRome)).toHaveLength(1);
      const beforeMidnightInRome = new Date('2030-03-10T22:30:00Z');
      expect(refused(() => when([], save({ key: { ...KEY, day: '2030-03-11' } }), beforeMidnightInRome)).code).toBe('FUTURE_DAY');
    });

    it('refuses negative figures, naming each', () => {
      const content = { ...EMPTY, productionVolume: -1, waste: -0.5, workingTime: -2 };
      expect(refused(() => when([], save({ content })))).toEqual({
        code: 'VALIDATION_FAILED', status: 400, message: MESSAGES.invalidDraft, fields: ['production_volume', 'waste', 'working_time'],
      });
    });

    it('accepts worked hours up to the shift length, decimals included, and refuses more', () => {
      expect(when([], save({ content: { ...EMPTY, workingTime: 8 } }))).toHaveLength(1);
      expect(when([], save({ content: { ...EMPTY, workingTime: 7.25 }, shiftHours: 7.25 }))).toHaveLength(1);
      const e = refused(() => when([], save({ content: { ...EMPTY, workingTime: 8.01 } })));
      expect([e.code, e.fields]).toEqual(['VALIDATION_FAILED', ['working_time']]);
    });

    it('accepts 10 machine-note rows and refuses 11', () => {
      const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ Macchina: `M${i}`, Nota: '' }));
      expect(when([], save({ content: { ...EMPTY, machineNotes: rows(10) } }))).toHaveLength(1);
      expect(refused(() => when([], save({ content: { ...EMPTY, machineNotes: rows(11) } }))).fields).toEqual(['machine_notes']);
    });

    it('refuses machine-note columns that are not the shop floor’s report labels', () => {
      const e = refused(() => when([], save({ content: { ...EMPTY, machineNotes: [{ Macchina: 'x', Problema: 'y' }] } })));
      expect([e.code, e.fields]).toEqual(['VALIDATION_FAILED', ['machine_notes']]);
      expect(when([], save({ content: { ...EMPTY, machineNotes: [{ Nota: 'solo nota' }] } }))).toHaveLength(1);
    });

    it('refuses over-long notes and cells', () => {
      expect(refused(() => when([], save({ content: { ...EMPTY, notes: 'x'.repeat(5001) } }))).fields).toEqual(['notes']);
      expect(when([], save({ content: { ...EMPTY, notes: 'x'.repeat(5000) } }))).toHaveLength(1);
      expect(refused(() => when([], save({ content: { ...EMPTY, machineNotes: [{ Nota: 'x'.repeat(1001) }] } }))).fields).toEqual(['machine_notes']);
    });
  });

  describe('given a draft by frontline', () => {
    const history = [draftSaved(EMPTY)];

    it('records the author’s next autosave without a revision', () => {
      expect(when(history, save())).toEqual([draftSaved(FULL)]);
    });

    it('records nothing when the content did not change', () => {
      expect(when(history, save({ content: EMPTY }))).toEqual([]);
      expect(when([draftSaved(FULL)], save({ content: { ...FULL, machineNotes: [{ Nota: 'Valvola sostituita', Macchina: 'Riempitrice' }] } }))).toEqual([]);
    });

    it('refuses another user without a revision with 409 CONCURRENT_MODIFICATION', () => {
      expect(refused(() => when(history, save({ username: 'demoit' })))).toMatchObject({ code: 'CONCURRENT_MODIFICATION', status: 409 });
    });

    it('lets another user write when the revision they read was given (the store checks it)', () => {
      expect(when(history, save({ username: 'demoit', revisionPinned: true }))).toEqual([draftSaved(FULL, 'demoit')]);
    });
  });

  describe('given a submitted report', () => {
    it.each([
      ['submitted by the operator', [draftSaved(), submitted()]],
      ['amended by the improvement role', [submitted(), amended(FULL, 'support')]],
    ])('refuses any save with 409 "Report già inviato" (%s)', (_label, history) => {
      for (const over of [{}, { revisionPinned: true }, { content: EMPTY }]) {
        expect(refused(() => when(history, save(over)))).toEqual({ code: 'REPORT_ALREADY_SUBMITTED', status: 409, message: 'Report già inviato', fields: [] });
      }
    });
  });
});
