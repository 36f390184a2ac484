import { emptyRow } from './machineNotes.js';
import {
  buildContent,
  contentFingerprint,
  formatFigure,
  formFromReport,
  isReportComplete,
  parseFigure,
  shiftLengthHours,
  SUBMIT_MESSAGES,
  submitRefusal,
  earlySendQuestion,
  type ReportForm,
} from './reportForm.js';

const LABELS = ['Macchina', 'Nota'];
const KEY = { day: '2031-06-10', shiftCode: 'A', lineName: 'Linea 1' };
const filled: ReportForm = {
  notes: 'Turno regolare',
  rows: [{ Macchina: 'Filler', Nota: '' }],
  volume: '11000',
  waste: '120',
  hours: '7,5',
};

describe('figures', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['7,5', 7.5],
    ['7.5', 7.5],
    ['0', 0],
    [',5', 0.5],
    ['12000', 12000],
    ['7,', 7],
  ])('reads %j as %j', (text, value) => {
    expect(parseFigure(text)).toEqual({ ok: true, value });
  });

  it('refuses text, negative numbers and dotted thousands (an Italian 11.000 is eleven thousand)', () => {
    expect(parseFigure('abc')).toEqual({ ok: false, error: 'Deve essere un numero' });
    expect(parseFigure('7,5,1')).toEqual({ ok: false, error: 'Deve essere un numero' });
    expect(parseFigure('-3')).toEqual({ ok: false, error: 'Deve essere maggiore o uguale a 0' });
    expect(parseFigure('11.000')).toMatchObject({ ok: false });
    expect(parseFigure('1.250.000')).toMatchObject({ ok: false });
    expect(parseFigure('11.5')).toEqual({ ok: true, value: 11.5 });
  });

  it('shows numbers with the decimal comma', () => {
    expect(formatFigure(7.5)).toBe('7,5');
    expect(formatFigure(11000)).toBe('11000');
    expect(formatFigure(null)).toBe('');
  });

  it('measures the shift in hours across a summer-time change', () => {
    expect(shiftLengthHours('2031-06-10T06:00:00+02:00', '2031-06-10T14:00:00+02:00')).toBe(8);
    expect(shiftLengthHours('2031-03-29T22:00:00+01:00', '2031-03-30T06:00:00+02:00')).toBe(7);
    expect(shiftLengthHours('x', 'y')).toBeNull();
  });
});

describe('buildContent', () => {
  it('sends numbers and rows with exactly the labels', () => {
    const built = buildContent({ ...filled, rows: [{ Macchina: 'Filler', Nota: 'ok', Altro: 'x' }] }, LABELS, 8);
    expect(built).toEqual({
      ok: true,
      content: {
        notes: 'Turno regolare',
        machine_notes: [{ Macchina: 'Filler', Nota: 'ok' }],
        production_volume: 11000,
        waste: 120,
        working_time: 7.5,
      },
    });
  });

  it('sends empty figures as null (a draft need not be complete)', () => {
    const built = buildContent({ notes: '', rows: [], volume: '', waste: '', hours: '' }, LABELS, 8);
    expect(built).toEqual({ ok: true, content: { notes: '', machine_notes: [], production_volume: null, waste: null, working_time: null } });
  });

  it('names each figure that cannot be saved, hours longer than the shift included', () => {
    expect(buildContent({ ...filled, volume: 'tanti', hours: '9' }, LABELS, 8)).toEqual({
      ok: false,
      errors: { volume: 'Deve essere un numero', hours: 'Al massimo 8 ore (durata del turno)' },
    });
    expect(buildContent({ ...filled, hours: '8' }, LABELS, 8).ok).toBe(true);
    expect(buildContent({ ...filled, hours: '7,5' }, LABELS, 7.25)).toEqual({ ok: false, errors: { hours: 'Al massimo 7,25 ore (durata del turno)' } });
    expect(buildContent({ ...filled, hours: '30' }, LABELS, null).ok).toBe(true);
  });

  it('round-trips a saved report through the form to the same fingerprint', () => {
    const saved = { notes: 'n', machine_notes: [{ Macchina: 'a', Nota: 'b' }], production_volume: 10.5, waste: 0, working_time: 8 };
    const form = formFromReport(saved, LABELS);
    expect(form).toEqual({ notes: 'n', rows: [{ Macchina: 'a', Nota: 'b' }], volume: '10,5', waste: '0', hours: '8' });
    const built = buildContent(form, LABELS, 8);
    expect(built.ok && contentFingerprint(built.content)).toBe(contentFingerprint(saved));
    expect(formFromReport({ notes: null, machine_notes: [], production_volume: null, waste: null, working_time: null }, LABELS)).toEqual({
      notes: '',
      rows: [emptyRow(LABELS)],
      volume: '',
      waste: '',
      hours: '',
    });
  });
});

describe('submit', () => {
  it('is enabled only when day, line, shift, notes, machine notes, volume, scrap and hours are filled', () => {
    expect(isReportComplete(KEY, filled)).toBe(true);
    expect(isReportComplete({ ...KEY, day: '' }, filled)).toBe(false);
    expect(isReportComplete({ ...KEY, lineName: '' }, filled)).toBe(false);
    expect(isReportComplete({ ...KEY, shiftCode: '' }, filled)).toBe(false);
    expect(isReportComplete(KEY, { ...filled, notes: '   ' })).toBe(false);
    expect(isReportComplete(KEY, { ...filled, rows: [emptyRow(LABELS)] })).toBe(false);
    expect(isReportComplete(KEY, { ...filled, volume: '' })).toBe(false);
    expect(isReportComplete(KEY, { ...filled, waste: '' })).toBe(false);
    expect(isReportComplete(KEY, { ...filled, hours: 'x' })).toBe(false);
    expect(isReportComplete(KEY, { ...filled, waste: '0' })).toBe(true);
  });

  it('refuses in the server order: already submitted, future day, incomplete', () => {
    const ok = { confirmed: false, day: '2031-06-10', today: '2031-06-10', complete: true };
    expect(submitRefusal(ok)).toBeNull();
    expect(submitRefusal({ ...ok, day: '2031-06-09' })).toBeNull();
    expect(submitRefusal({ ...ok, confirmed: true, day: '2031-06-11', complete: false })).toBe('Report già inviato');
    expect(submitRefusal({ ...ok, day: '2031-06-11', complete: false })).toBe('Non puoi inviare report per giorni futuri');
    expect(submitRefusal({ ...ok, complete: false })).toBe('Compila correttamente tutti i dati prima di inviare');
    expect(Object.values(SUBMIT_MESSAGES)).toHaveLength(3);
  });

  it('refuses a shift that has not begun, after a future day and before completeness', () => {
    // Turno C of 10 June 2031 begins at 22:00 in Rome; the attempt is at 19:11.
    const ok = { confirmed: false, day: '2031-06-10', today: '2031-06-10', complete: false };
    const shift = { start: '2031-06-10T22:00:00+02:00', now: Date.parse('2031-06-10T19:11:00+02:00') };
    expect(submitRefusal({ ...ok, shift })).toBe("Il turno inizia alle 22:00: il report si può inviare solo dopo l'inizio del turno");
    expect(submitRefusal({ ...ok, day: '2031-06-11', shift })).toBe('Non puoi inviare report per giorni futuri');
    expect(submitRefusal({ ...ok, complete: true, shift: { ...shift, now: Date.parse('2031-06-10T22:00:00+02:00') } })).toBeNull();
  });

  it('asks before sending a shift that has not ended, and not after', () => {
    const end = '2031-06-10T22:00:00+02:00';
    expect(earlySendQuestion(end, Date.parse('2031-06-10T18:52:00+02:00'))).toBe('Il turno finisce alle 22:00: inviare adesso?');
    expect(earlySendQuestion(end, Date.parse('2031-06-10T22:00:00+02:00'))).toBeNull();
  });
});
