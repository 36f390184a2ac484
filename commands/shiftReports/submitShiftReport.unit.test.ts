import { MESSAGES } from '../../domain/shiftReports/errors.js';
import { command, draftSaved, EMPTY, FULL, KEY, refusedLike, refusedWith, spec, submitted } from '../../test/builders/shiftReportFixtures.js';

const submit = (over: Parameters<typeof command>[1] = {}) => command('SubmitShiftReport', over);
const ALL_FIELDS = ['machine_notes', 'notes', 'production_volume', 'waste', 'working_time'];

describe('submit', () => {
  describe('given no report', () => {
    it('records the submitted report with its whole content, key and author', () => {
      spec
        .given([])
        .when(submit())
        .then([{ type: 'ShiftReportSubmitted', data: { ...KEY, ...FULL, by: 'frontline' } }]);
    });

    it('refuses an empty report with INCOMPLETE_REPORT naming every missing field', () => {
      spec
        .given([])
        .when(submit({ content: EMPTY }))
        .thenRefuses(
          refusedWith({
            code: 'INCOMPLETE_REPORT',
            status: 400,
            message: 'Compila correttamente tutti i dati prima di inviare',
            fields: ALL_FIELDS,
          }),
        );
    });

    it('counts blank notes and machine notes without any text as missing', () => {
      const content = { ...FULL, notes: '  \n ', machineNotes: [{ Macchina: ' ', Nota: '' }, {} as Record<string, string>] };
      spec
        .given([])
        .when(submit({ content }))
        .thenRefuses(refusedLike({ fields: ['machine_notes', 'notes'] }));
    });

    it('accepts zero as a figure and one filled cell as machine notes', () => {
      const content = { ...FULL, productionVolume: 0, waste: 0, workingTime: 0, machineNotes: [{ Macchina: '', Nota: 'fermo linea' }] };
      spec
        .given([])
        .when(submit({ content }))
        .then((events) => expect(events).toHaveLength(1));
    });

    it('refuses a future day', () => {
      spec
        .given([])
        .when(submit({ key: { ...KEY, day: '2030-03-11' } }))
        .thenRefuses('FUTURE_DAY');
    });

    it('refuses a shift that has not begun with SHIFT_NOT_STARTED, saying when it begins', () => {
      // Turno C of the same day, 22:00 in Rome, asked at 19:11.
      spec
        .given([])
        .when(submit({ key: { ...KEY, shiftCode: 'C' }, shiftStart: '2030-03-10T21:00:00Z' }), new Date('2030-03-10T18:11:00Z'))
        .thenRefuses(
          refusedWith({
            code: 'SHIFT_NOT_STARTED',
            status: 409,
            message: "Il turno inizia alle 22:00: il report si può inviare solo dopo l'inizio del turno",
            fields: [],
          }),
        );
    });

    it('sends a shift from the minute it begins, and during it', () => {
      for (const at of ['2030-03-10T05:00:00Z', '2030-03-10T12:59:00Z']) {
        spec
          .given([])
          .when(submit(), new Date(at))
          .then((events) => expect(events.map((e) => e.type)).toEqual(['ShiftReportSubmitted']));
      }
    });

    it('refuses bad values with the submit message, before looking at completeness', () => {
      const content = { ...EMPTY, workingTime: 9, machineNotes: [{ Colonna: 'x' }] };
      spec
        .given([])
        .when(submit({ content }))
        .thenRefuses(
          refusedWith({
            code: 'VALIDATION_FAILED',
            status: 400,
            message: MESSAGES.incomplete,
            fields: ['machine_notes', 'working_time'],
          }),
        );
    });
  });

  describe('given a draft by frontline', () => {
    const history = [draftSaved(EMPTY)];

    it('submits the author’s report without a revision', () => {
      spec
        .given(history)
        .when(submit())
        .then([submitted(FULL)]);
    });

    it('refuses another user without a revision, accepts them with one', () => {
      spec
        .given(history)
        .when(submit({ username: 'demoen' }))
        .thenRefuses('CONCURRENT_MODIFICATION');
      spec
        .given(history)
        .when(submit({ username: 'demoen', revisionPinned: true }))
        .then([submitted(FULL, 'demoen')]);
    });
  });

  describe('given a submitted report', () => {
    it('refuses a second submit with 409 "Report già inviato"', () => {
      for (const over of [{}, { revisionPinned: true }, { username: 'admin' }]) {
        spec
          .given([submitted()])
          .when(submit(over))
          .thenRefuses(refusedLike({ code: 'REPORT_ALREADY_SUBMITTED', status: 409, message: 'Report già inviato' }));
      }
    });
  });
});
