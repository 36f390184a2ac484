import { MESSAGES } from '../../domain/shiftReports/errors.js';
import { command, draftSaved, EMPTY, FULL, KEY, refused, submitted, when } from '../../test/builders/shiftReportFixtures.js';

const submit = (over: Parameters<typeof command>[1] = {}) => command('SubmitShiftReport', over);
const ALL_FIELDS = ['machine_notes', 'notes', 'production_volume', 'waste', 'working_time'];

describe('submit', () => {
  describe('given no report', () => {
    it('records the submitted report with its whole content, key and author', () => {
      expect(when([], submit())).toEqual([{ type: 'ShiftReportSubmitted', data: { ...KEY, ...FULL, by: 'frontline' } }]);
    });

    it('refuses an empty report with INCOMPLETE_REPORT naming every missing field', () => {
      expect(refused(() => when([], submit({ content: EMPTY })))).toEqual({
        code: 'INCOMPLETE_REPORT', status: 400, message: 'Compila correttamente tutti i dati prima di inviare', fields: ALL_FIELDS,
      });
    });

    it('counts blank notes and machine notes without any text as missing', () => {
      const content = { ...FULL, notes: '  \n ', machineNotes: [{ Macchina: ' ', Nota: '' }, {} as Record<string, string>] };
      expect(refused(() => when([], submit({ content }))).fields).toEqual(['machine_notes', 'notes']);
    });

    it('accepts zero as a figure and one filled cell as machine notes', () => {
      const content = { ...FULL, productionVolume: 0, waste: 0, workingTime: 0, machineNotes: [{ Macchina: '', Nota: 'fermo linea' }] };
      expect(when([], submit({ content }))).toHaveLength(1);
    });

    it('refuses a future day', () => {
      expect(refused(() => when([], submit({ key: { ...KEY, day: '2030-03-11' } }))).code).toBe('FUTURE_DAY');
    });

    it('refuses bad values with the submit message, before looking at completeness', () => {
      const content = { ...EMPTY, workingTime: 9, machineNotes: [{ Colonna: 'x' }] };
      expect(refused(() => when([], submit({ content })))).toEqual({
        code: 'VALIDATION_FAILED', status: 400, message: MESSAGES.incomplete, fields: ['machine_notes', 'working_time'],
      });
    });
  });

  describe('given a draft by frontline', () => {
    const history = [draftSaved(EMPTY)];

    it('submits the author’s report without a revision', () => {
      expect(when(history, submit())).toEqual([submitted(FULL)]);
    });

    it('refuses another user without a revision, accepts them with one', () => {
      expect(refused(() => when(history, submit({ username: 'demoen' }))).code).toBe('CONCURRENT_MODIFICATION');
      expect(when(history, submit({ username: 'demoen', revisionPinned: true }))).toEqual([submitted(FULL, 'demoen')]);
    });
  });

  describe('given a submitted report', () => {
    it('refuses a second submit with 409 "Report già inviato"', () => {
      for (const over of [{}, { revisionPinned: true }, { username: 'admin' }]) {
        expect(refused(() => when([submitted()], submit(over)))).toMatchObject({ code: 'REPORT_ALREADY_SUBMITTED', status: 409, message: 'Report già inviato' });
      }
    });
  });
});
