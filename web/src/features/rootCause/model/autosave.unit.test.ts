import { ApiError } from '../../../lib/api.js';
import type { RootCauseField } from '../api/saveRootCause.js';
import { fieldText } from './stopFormat.js';
import type { RootCauseTexts } from '../api/unplannedStops.js';
import { classifySaveError, FORBIDDEN_MESSAGE, retryDelayMs, RootCauseAutosave, sameText, statusText, type DraftBackup } from './autosave.js';

interface Call {
  stopId: number;
  field: RootCauseField;
  text: string;
  resolve(texts: RootCauseTexts): void;
  reject(error: unknown): void;
}

/** A store with a hand-driven server, clock and backup. */
function setup(options: { saved?: Record<number, RootCauseTexts>; backup?: Record<string, string> } = {}) {
  const server: Record<number, RootCauseTexts> = { 1: { root_cause: '', troubleshooting: '' }, 2: { root_cause: '', troubleshooting: '' }, ...options.saved };
  const calls: Call[] = [];
  const timers: Array<{ run: () => void; ms: number; cleared: boolean }> = [];
  let backedUp: Record<string, string> = { ...options.backup };
  const renewals = new Set<() => void>();
  let expired = 0;
  const session = {
    expired: () => void (expired += 1),
    onRenewed: (l: () => void) => {
      renewals.add(l);
      return () => renewals.delete(l);
    },
  };
  const renew = () => [...renewals].forEach((l) => l());
  const backup: DraftBackup = { load: () => ({ ...backedUp }), store: (d) => (backedUp = { ...d }) };
  const store = new RootCauseAutosave({
    save: (stopId, field, text) => new Promise<RootCauseTexts>((resolve, reject) => calls.push({ stopId, field, text, resolve, reject })),
    savedText: (stopId, field) => (server[stopId] ? fieldText(server[stopId], field) : undefined),
    onSaved: (stopId, texts) => (server[stopId] = texts),
    classify: classifySaveError,
    setTimer: (run, ms) => timers.push({ run, ms, cleared: false }) - 1,
    clearTimer: (handle) => {
      const timer = timers[handle as number];
      if (timer) timer.cleared = true;
    },
    backup,
    session,
    logError: () => undefined,
  });
  /** Answers the oldest open call as the server would (trimmed, the other box kept). */
  const answer = async () => {
    const call = calls.shift()!;
    const texts = { ...server[call.stopId]!, [call.field]: call.text.trim() };
    call.resolve(texts);
    await flush();
    return call;
  };
  const fail = async (error: unknown) => {
    const call = calls.shift()!;
    call.reject(error);
    await flush();
    return call;
  };
  const fire = async () => {
    const timer = timers.find((t) => !t.cleared);
    if (!timer) throw new Error('no timer');
    timer.cleared = true;
    timer.run();
    await flush();
  };
  return { store, calls, timers, server, answer, fail, fire, backup: () => backedUp, renew, expired: () => expired };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const networkDown = new TypeError('Failed to fetch');

describe('RootCauseAutosave: saving on blur', () => {
  it('saves only the box that lost focus, then reads as saved', async () => {
    const t = setup();
    t.store.edit(1, 'root_cause', 'Guida usurata ');
    expect(t.store.get(1, 'root_cause').status).toBe('dirty');
    expect(t.calls).toHaveLength(0); // typing alone sends nothing
    t.store.commit(1, 'root_cause');
    expect(t.store.get(1, 'root_cause').status).toBe('saving');
    expect(t.calls.map((c) => [c.stopId, c.field, c.text])).toEqual([[1, 'root_cause', 'Guida usurata ']]);
    await t.answer();
    expect(t.store.get(1, 'root_cause').status).toBe('saved');
    expect(t.server[1]).toEqual({ root_cause: 'Guida usurata', troubleshooting: '' });
    expect(t.store.text(1, 'root_cause', 'Guida usurata')).toBe('Guida usurata ');
    expect(t.backup()).toEqual({});
  });

  it('does not call when the text equals the saved one (spaces around ignored)', () => {
    const t = setup({ saved: { 1: { root_cause: 'Guida usurata', troubleshooting: '' } } });
    t.store.edit(1, 'root_cause', ' Guida usurata');
    t.store.commit(1, 'root_cause');
    expect(t.calls).toHaveLength(0);
    expect(t.store.get(1, 'root_cause')).toMatchObject({ draft: null, status: 'idle' });
    t.store.commit(2, 'troubleshooting'); // never touched
    expect(t.calls).toHaveLength(0);
  });

  it('sends the newer text after the running save when the box is left again meanwhile', async () => {
    const t = setup();
    t.store.edit(1, 'troubleshooting', 'Sostituita');
    t.store.commit(1, 'troubleshooting');
    t.store.edit(1, 'troubleshooting', 'Sostituita la guida');
    t.store.commit(1, 'troubleshooting');
    expect(t.calls).toHaveLength(1);
    await t.answer();
    expect(t.calls.map((c) => c.text)).toEqual(['Sostituita la guida']);
    expect(t.store.get(1, 'troubleshooting').status).toBe('saving');
    await t.answer();
    expect(t.store.get(1, 'troubleshooting').status).toBe('saved');
    expect(t.server[1]!.troubleshooting).toBe('Sostituita la guida');
  });

  it('keeps typing after a save as a draft still to save (no blur yet: no call)', async () => {
    const t = setup();
    t.store.edit(1, 'root_cause', 'A');
    t.store.commit(1, 'root_cause');
    t.store.edit(1, 'root_cause', 'AB');
    await t.answer();
    expect(t.store.get(1, 'root_cause')).toMatchObject({ draft: 'AB', status: 'dirty' });
    expect(t.calls).toHaveLength(0);
    expect(t.backup()).toEqual({ '1:root_cause': 'AB' });
  });

  it('shows the server text when someone else changed a box saved here', async () => {
    const t = setup();
    t.store.edit(1, 'root_cause', 'Mia ');
    t.store.commit(1, 'root_cause');
    await t.answer();
    expect(t.store.text(1, 'root_cause', 'Mia')).toBe('Mia ');
    expect(t.store.text(1, 'root_cause', 'Altra analisi')).toBe('Altra analisi');
  });
});

describe('RootCauseAutosave: failures never lose the text', () => {
  it('keeps the draft and retries with a growing delay until it is saved', async () => {
    const t = setup();
    t.store.edit(1, 'root_cause', 'Guida usurata');
    t.store.commit(1, 'root_cause');
    await t.fail(networkDown);
    expect(t.store.get(1, 'root_cause')).toMatchObject({ draft: 'Guida usurata', status: 'retrying', attempts: 1, retryInMs: 2000 });
    expect(t.store.text(1, 'root_cause', '')).toBe('Guida usurata');
    expect(t.backup()).toEqual({ '1:root_cause': 'Guida usurata' });
    await t.fire();
    await t.fail(new ApiError(503, 'UNAVAILABLE', 'Servizio non disponibile'));
    expect(t.store.get(1, 'root_cause')).toMatchObject({ status: 'retrying', attempts: 2, retryInMs: 4000 });
    expect(t.timers.filter((x) => !x.cleared).map((x) => x.ms)).toEqual([4000]);
    await t.fire();
    await t.answer();
    expect(t.store.get(1, 'root_cause')).toMatchObject({ draft: null, status: 'saved', attempts: 0 });
    expect(t.server[1]!.root_cause).toBe('Guida usurata');
    expect(t.backup()).toEqual({});
  });

  it('retries with what was typed meanwhile, and at once on a new blur', async () => {
    const t = setup();
    t.store.edit(1, 'root_cause', 'A');
    t.store.commit(1, 'root_cause');
    await t.fail(networkDown);
    t.store.edit(1, 'root_cause', 'AB');
    expect(t.store.get(1, 'root_cause').status).toBe('retrying');
    t.store.commit(1, 'root_cause');
    expect(t.timers.every((x) => x.cleared)).toBe(true);
    expect(t.calls.map((c) => c.text)).toEqual(['AB']);
  });

  it('stops retrying once the text is back to the saved one', async () => {
    const t = setup({ saved: { 1: { root_cause: 'Vecchia', troubleshooting: '' } } });
    t.store.edit(1, 'root_cause', 'Nuova');
    t.store.commit(1, 'root_cause');
    await t.fail(networkDown);
    t.store.edit(1, 'root_cause', 'Vecchia');
    t.store.commit(1, 'root_cause');
    expect(t.calls).toHaveLength(0);
    expect(t.store.get(1, 'root_cause')).toMatchObject({ draft: null, status: 'idle' });
    expect(t.timers.every((x) => x.cleared)).toBe(true);
  });

  it('shows a refusal that cannot heal and does not retry it', async () => {
    const t = setup();
    t.store.edit(2, 'troubleshooting', 'x');
    t.store.commit(2, 'troubleshooting');
    await t.fail(new ApiError(404, 'NOT_FOUND', 'Stop non trovato'));
    expect(t.store.get(2, 'troubleshooting')).toMatchObject({ draft: 'x', status: 'failed', message: 'Stop non trovato' });
    expect(t.timers).toHaveLength(0);
    expect(t.store.forbidden).toBeNull();
  });

  it('turns read-only on 403, keeping the text on screen', async () => {
    const t = setup();
    t.store.edit(1, 'root_cause', 'Analisi');
    t.store.commit(1, 'root_cause');
    await t.fail(new ApiError(403, 'FORBIDDEN', 'Operazione non consentita per il tuo ruolo'));
    expect(t.store.forbidden).toBe(FORBIDDEN_MESSAGE);
    expect(t.store.get(1, 'root_cause')).toMatchObject({ draft: 'Analisi', status: 'forbidden' });
    t.store.edit(1, 'troubleshooting', 'y');
    t.store.commit(1, 'troubleshooting');
    expect(t.calls).toHaveLength(0);
  });

  it('retries every waiting box at once when asked (back online)', async () => {
    const t = setup();
    t.store.edit(1, 'root_cause', 'a');
    t.store.commit(1, 'root_cause');
    t.store.edit(2, 'root_cause', 'b');
    t.store.commit(2, 'root_cause');
    await t.fail(networkDown);
    await t.fail(networkDown);
    t.store.retryNow();
    expect(t.calls.map((c) => c.text)).toEqual(['a', 'b']);
  });

  it('warns about pending text only while something is unsaved', async () => {
    const t = setup();
    expect(t.store.hasPending()).toBe(false);
    t.store.edit(1, 'root_cause', 'a');
    expect(t.store.hasPending()).toBe(true);
    t.store.commit(1, 'root_cause');
    await t.answer();
    expect(t.store.hasPending()).toBe(false);
  });
});

describe('RootCauseAutosave: an expired session', () => {
  it('keeps the draft in the backup, asks for the password, and saves once the session is renewed', async () => {
    const t = setup();
    t.store.edit(1, 'root_cause', 'Cuscinetto');
    t.store.commit(1, 'root_cause');
    await t.fail(new ApiError(401, 'UNAUTHENTICATED', 'Sessione non valida o scaduta: accedi di nuovo'));
    expect(t.store.get(1, 'root_cause')).toMatchObject({ draft: 'Cuscinetto', status: 'session' });
    expect(statusText(t.store.get(1, 'root_cause'))).toBe('Non salvato: sessione scaduta, il testo resta qui');
    expect(t.expired()).toBe(1);
    expect(t.timers).toHaveLength(0);
    expect(t.backup()).toEqual({ '1:root_cause': 'Cuscinetto' });
    t.store.edit(1, 'root_cause', 'Cuscinetto grippato');
    t.renew();
    expect(t.calls.map((c) => c.text)).toEqual(['Cuscinetto grippato']);
    await t.answer();
    expect(t.server[1]!.root_cause).toBe('Cuscinetto grippato');
    expect(t.backup()).toEqual({});
  });
});

describe('RootCauseAutosave: the backup', () => {
  it('restores unsaved drafts and saves them once their stop is listed', async () => {
    const t = setup({ backup: { '1:troubleshooting': 'Da salvare', '7:root_cause': 'Altro reparto', bad: 'x' } });
    expect(t.store.text(1, 'troubleshooting', '')).toBe('Da salvare');
    t.store.resume();
    expect(t.calls.map((c) => [c.stopId, c.text])).toEqual([[1, 'Da salvare']]); // stop 7 is not listed
    await t.answer();
    expect(t.backup()).toEqual({ '7:root_cause': 'Altro reparto' });
    t.store.resume();
    expect(t.calls).toHaveLength(0);
  });

  it('restores the drafts of stops with day ids (16 digits, docs/line-log.md)', () => {
    const t = setup({ backup: { '1000001111130001:root_cause': 'Molla scarica' } });
    expect(t.store.text(1_000_001_111_130_001, 'root_cause', '')).toBe('Molla scarica');
  });

  it('gives waiting boxes their timers back after dispose and activate', async () => {
    const t = setup();
    t.store.edit(1, 'root_cause', 'a');
    t.store.commit(1, 'root_cause');
    await t.fail(networkDown);
    t.store.dispose();
    expect(t.timers.every((x) => x.cleared)).toBe(true);
    t.store.activate();
    await t.fire();
    expect(t.calls.map((c) => c.text)).toEqual(['a']);
  });
});

describe('helpers', () => {
  it('backs off 2, 4, 8, 16 s, then 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(retryDelayMs)).toEqual([2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('compares texts as the server trims them', () => {
    expect(sameText(' a ', 'a')).toBe(true);
    expect(sameText('a b', 'ab')).toBe(false);
  });

  it('classifies failures', () => {
    expect(classifySaveError(networkDown, 'root_cause')).toEqual({ kind: 'retry' });
    expect(classifySaveError(new ApiError(500, 'HTTP_500', ''), 'root_cause')).toEqual({ kind: 'retry' });
    expect(classifySaveError(new ApiError(401, 'UNAUTHENTICATED', ''), 'root_cause')).toEqual({ kind: 'session' });
    expect(classifySaveError(new ApiError(403, 'FORBIDDEN', 'no'), 'root_cause')).toEqual({ kind: 'forbidden', message: FORBIDDEN_MESSAGE });
    expect(classifySaveError(new ApiError(400, 'VALIDATION_FAILED', 'Analisi non valida', { root_cause: 'Al massimo 2000 caratteri' }), 'root_cause')).toEqual({
      kind: 'failed',
      message: 'Al massimo 2000 caratteri',
    });
    expect(classifySaveError(new ApiError(400, 'VALIDATION_FAILED', 'Analisi non valida', { root_cause: 'x' }), 'troubleshooting')).toEqual({
      kind: 'failed',
      message: 'Analisi non valida',
    });
  });

  it('words the indicator', () => {
    expect(statusText({ draft: null, status: 'saved', attempts: 0 })).toBe('Salvato');
    expect(statusText({ draft: 'a', status: 'saving', attempts: 0 })).toBe('Salvataggio…');
    expect(statusText({ draft: 'a', status: 'retrying', attempts: 2, retryInMs: 4000 })).toBe('Non salvato: nuovo tentativo tra 4 s');
    expect(statusText({ draft: 'a', status: 'failed', attempts: 1, message: 'Stop non trovato' })).toBe('Non salvato: Stop non trovato');
    expect(statusText({ draft: 'a', status: 'dirty', attempts: 0 })).toBe('');
  });
});
