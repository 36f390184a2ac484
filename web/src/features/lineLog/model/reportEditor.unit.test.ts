import type { SaveStatus } from '../../../lib/autosave.js';
import { failureFlash, INITIAL_EDITOR, reportEditorReducer, reportEditorView, type ReportEditorContext, type ReportEditorState } from './reportEditor.js';
import type { ReportForm } from './reportForm.js';

const LABELS = ['Macchina', 'Nota'];
const KEY = { day: '2031-06-10', shiftCode: 'A', lineName: 'Linea 1' };
const server: ReportForm = { notes: 'Turno regolare', rows: [{ Macchina: 'Filler', Nota: '' }], volume: '11000', waste: '120', hours: '7,5' };
const typed: ReportForm = { ...server, notes: 'Turno regolare, cambio formato', hours: '7' };
const IDLE: SaveStatus = { kind: 'idle' };

const loaded = (confirmed: boolean, form = server) => reportEditorReducer(INITIAL_EDITOR, { type: 'loaded', form, baseline: server, confirmed, revision: 4 });
const refused = { kind: 'refused' as const, message: 'Dati non validi', code: 'VALIDATION', fields: { working_time: 'Al massimo 8 ore', other: 3 } };

describe('the report editor state', () => {
  it('starts from the form given and keeps the server copy as the baseline', () => {
    const s = loaded(true, typed);
    expect([s.form, s.baseline, s.confirmed, s.revision]).toEqual([typed, server, true, 4]);
  });

  it("'Annulla modifiche' goes back to the server copy and drops the refusals and the notice, keeping confirmed and the revision", () => {
    let s = reportEditorReducer(loaded(true), { type: 'edited', form: typed });
    s = reportEditorReducer(s, { type: 'failed', failure: refused, retryText: 'x' });
    s = reportEditorReducer(s, { type: 'sessionExpired' });
    const cancelled = reportEditorReducer(s, { type: 'cancelled' });
    expect(cancelled).toEqual({ ...INITIAL_EDITOR, form: server, baseline: server, confirmed: true, revision: 4 });
  });

  it('an edit clears the refusals and the notice of the last save', () => {
    let s = reportEditorReducer(loaded(false), { type: 'failed', failure: refused, retryText: 'x' });
    s = reportEditorReducer(s, { type: 'failed', failure: { kind: 'retry', message: 'rete', code: 'NETWORK' }, retryText: 'Salvataggio non riuscito' });
    expect([s.serverFields, s.saveNotice]).toEqual([{ working_time: 'Al massimo 8 ore' }, 'Salvataggio non riuscito']);
    const edited = reportEditorReducer(s, { type: 'edited', form: typed });
    expect([edited.form, edited.serverFields, edited.saveNotice]).toEqual([typed, {}, null]);
  });

  it.each([
    ['conflict', { conflict: 'Report già inviato da un altro utente', serverFields: {}, saveNotice: null }],
    ['refused', { conflict: null, serverFields: { working_time: 'Al massimo 8 ore' }, saveNotice: null }],
    ['retry', { conflict: null, serverFields: {}, saveNotice: 'Invio non riuscito' }],
    ['forbidden', { conflict: null, serverFields: {}, saveNotice: null }],
  ] as const)('a %s failure changes only what it should', (kind, expected) => {
    const failure = { kind, message: kind === 'conflict' ? 'Report già inviato da un altro utente' : 'msg', code: 'C', fields: refused.fields };
    const s = reportEditorReducer(loaded(false), { type: 'failed', failure, retryText: 'Invio non riuscito' });
    expect({ conflict: s.conflict, serverFields: s.serverFields, saveNotice: s.saveNotice }).toEqual(expected);
  });

  it('a failed call flashes the retry text when it is tried again, else the server message', () => {
    expect(failureFlash({ kind: 'retry', message: 'rete', code: 'NETWORK' }, 'Riprova tra poco')).toBe('Riprova tra poco');
    expect(failureFlash(refused, 'Riprova tra poco')).toBe('Dati non validi');
  });

  it('a save makes the saved form the new baseline; a submit locks the report', () => {
    const saved = reportEditorReducer(reportEditorReducer(loaded(false), { type: 'sessionExpired' }), { type: 'saved', form: typed, revision: 5 });
    expect([saved.baseline, saved.revision, saved.confirmed, saved.saveNotice]).toEqual([typed, 5, true, null]);
    expect(reportEditorReducer(loaded(false), { type: 'submitted' }).confirmed).toBe(true);
    expect(reportEditorReducer(loaded(false), { type: 'sessionExpired' }).saveNotice).toBe('Sessione scaduta: il testo è al sicuro, verrà salvato dopo la password');
  });
});

describe('what the screen shows', () => {
  const ctx = (over: Partial<ReportEditorContext>): ReportEditorContext => ({
    operator: true,
    reportKey: KEY,
    labels: LABELS,
    shiftHours: 8,
    today: KEY.day,
    editing: false,
    status: IDLE,
    ...over,
  });
  const view = (state: ReportEditorState, over: Partial<ReportEditorContext>) => {
    const v = reportEditorView({ ...state, form: state.form! }, ctx(over));
    return { readOnly: v.readOnly, stopsEditable: v.stopsEditable, showAddStops: v.showAddStops, canSubmit: v.canSubmit, notice: v.notice };
  };

  it.each([
    ['operator, draft', true, false, false, '2031-06-10', { readOnly: false, stopsEditable: true, showAddStops: true, canSubmit: true, notice: null }],
    ['operator, submitted', true, true, false, '2031-06-10', { readOnly: true, stopsEditable: false, showAddStops: false, canSubmit: false, notice: 'lockedOperator' }],
    ['operator, future day', true, false, false, '2031-06-09', { readOnly: true, stopsEditable: true, showAddStops: false, canSubmit: false, notice: 'futureDay' }],
    ['improvement, nothing confirmed', false, false, false, '2031-06-10', { readOnly: true, stopsEditable: false, showAddStops: false, canSubmit: false, notice: 'notConfirmed' }],
    ['improvement, confirmed', false, true, false, '2031-06-10', { readOnly: true, stopsEditable: false, showAddStops: false, canSubmit: false, notice: null }],
    ['improvement, editing a future day', false, true, true, '2031-06-09', { readOnly: true, stopsEditable: true, showAddStops: false, canSubmit: false, notice: 'futureDay' }],
    ['improvement, editing', false, true, true, '2031-06-10', { readOnly: false, stopsEditable: true, showAddStops: true, canSubmit: false, notice: null }],
  ] as const)('%s', (_name, operator, confirmed, editing, today, expected) => {
    expect(view(loaded(confirmed), { operator, editing, today })).toEqual(expected);
  });

  it('a conflict makes the report read-only and the operator cannot change its stops', () => {
    const s = reportEditorReducer(loaded(false), { type: 'failed', failure: { kind: 'conflict', message: 'Modificato da un altro utente', code: 'CONFLICT' }, retryText: '' });
    expect(view(s, {})).toMatchObject({ readOnly: true, stopsEditable: false });
    const fromAutosave = reportEditorView({ ...loaded(false), form: server }, ctx({ status: { kind: 'conflict', message: 'Già inviato', code: 'ALREADY_SUBMITTED' } }));
    expect([fromAutosave.conflictMessage, fromAutosave.readOnly]).toEqual(['Già inviato', true]);
  });

  it("shows the server's refusal of a figure on its field unless the form already finds one there", () => {
    const s = reportEditorReducer(loaded(false), {
      type: 'failed',
      failure: { ...refused, fields: { working_time: 'Al massimo 8 ore', waste: 'Troppo scarto', notes: 'Troppo lunghe' } },
      retryText: '',
    });
    const v = reportEditorView({ ...s, form: { ...server, waste: 'abc' } }, ctx({}));
    expect(v.figureErrors).toEqual({ hours: 'Al massimo 8 ore', waste: 'Deve essere un numero' });
    expect(v.refusedFields.notes).toBe('Troppo lunghe');
    const fromAutosave = reportEditorView({ ...loaded(false), form: server }, ctx({ status: { kind: 'refused', message: 'x', fields: { production_volume: 'Troppo alto' } } }));
    expect(fromAutosave.figureErrors).toEqual({ volume: 'Troppo alto' });
  });

  it('a complete report with readable figures can be sent', () => {
    const v = reportEditorView({ ...loaded(false), form: server }, ctx({}));
    expect([v.complete, v.built.ok]).toEqual([true, true]);
    expect(reportEditorView({ ...loaded(false), form: { ...server, notes: ' ' } }, ctx({})).complete).toBe(false);
  });
});
