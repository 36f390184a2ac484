import { chatReducer, startChat, type ChatState } from './chatState.js';
import { fromSaved, hasUserInput, resumeText, savedChatKey, toSaved } from './saved.js';

const start = () => startChat('unplanned', { line: { id: 1, name: 'Linea 1' }, equipment: { id: 1, name: 'Filler' } });
const at = new Date('2030-11-26T09:42:00Z');

/** The area answered, the failure mode being typed. */
function midway(): ChatState {
  let s = chatReducer(start(), { type: 'optionsLoaded', step: 'workpoint', options: [{ id: 2, name: 'Giostra di riempimento' }] });
  s = chatReducer(s, { type: 'choose', choice: { id: 2, name: 'Giostra di riempimento' } });
  s = chatReducer(s, { type: 'flush' });
  s = chatReducer(s, { type: 'optionsLoaded', step: 'stopCode', options: [{ id: 6, name: 'Perdita di prodotto' }] });
  s = chatReducer(s, { type: 'choose', choice: { id: 6, name: 'Perdita di prodotto' } });
  return chatReducer(s, { type: 'flush' });
}

describe('a chat kept on the device', () => {
  it('is keyed by user, kind of stop and line', () => {
    expect(savedChatKey('frontline', 'unplanned', '1')).toBe('draft:frontline|stopChat|unplanned|1');
    expect(savedChatKey('support', 'planned', '')).toBe('draft:support|stopChat|planned|-');
  });

  it('is worth keeping once the user answered or typed something beyond the pre-answered start', () => {
    expect(hasUserInput(start(), start())).toBe(false);
    expect(hasUserInput(midway(), start())).toBe(true);
    const typing = chatReducer(midway(), { type: 'editText', step: 'failureMode', text: 'Perdita dalla valvola' });
    expect(typing.draft.failureMode).toBe('Perdita dalla valvola');
    expect(hasUserInput({ ...start(), draft: { ...start().draft, note: 'x' } }, start())).toBe(true);
    expect(hasUserInput({ ...midway(), done: true }, start())).toBe(false);
  });

  it('keeps a text being typed only for the open step', () => {
    expect(chatReducer(midway(), { type: 'editText', step: 'correctiveAction', text: 'x' }).draft.correctiveAction).toBe('');
  });

  it('comes back as it was: transcript, step and draft; pending messages shown, the option list reloaded', () => {
    const s = chatReducer(midway(), { type: 'editText', step: 'failureMode', text: 'Perdita dalla valvola' });
    const stored = JSON.parse(JSON.stringify(toSaved({ ...s, pending: [{ id: 99, from: 'bot', step: 'failureMode', role: 'reply', text: 'x' }] }, at))) as unknown;
    const back = fromSaved(stored, 'unplanned')!;
    expect(back.state.step).toBe('failureMode');
    expect(back.state.draft).toEqual(s.draft);
    expect(back.state.messages.map((m) => m.text).slice(-2)).toEqual([s.messages.at(-1)!.text, 'x']);
    expect([back.state.pending, back.state.options, back.state.sending]).toEqual([[], null, false]);
    expect(resumeText(back)).toBe('Hai uno stop non ancora registrato (passo 5 di 10 · Modo di guasto, 26/11/2030 10:42). Vuoi riprenderlo?');
  });

  it('is ignored when of another kind, finished or unreadable', () => {
    const stored = JSON.parse(JSON.stringify(toSaved(midway(), at))) as unknown;
    expect(fromSaved(stored, 'planned')).toBeNull();
    expect(fromSaved({ ...(stored as object), version: 2 }, 'unplanned')).toBeNull();
    expect(fromSaved(JSON.parse(JSON.stringify(toSaved({ ...midway(), done: true }, at))), 'unplanned')).toBeNull();
    expect(fromSaved('rotto', 'unplanned')).toBeNull();
  });
});
