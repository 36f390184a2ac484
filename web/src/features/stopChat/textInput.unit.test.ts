import { canSendText, counterText, isSubmitKey } from './textInput.js';

describe('the chat text box (§5)', () => {
  it('sends on Enter, not on Shift+Enter nor while composing', () => {
    expect(isSubmitKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(isSubmitKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(isSubmitKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(isSubmitKey({ key: 'a', shiftKey: false })).toBe(false);
  });

  it('counts the characters against the step limit', () => {
    expect(counterText('', 'failureMode')).toBe('0/250');
    expect(counterText('abc', 'correctiveAction')).toBe('3/1000');
  });

  it('refuses empty text except for the planned note, and text over the limit', () => {
    expect(canSendText('  ', 'failureMode')).toBe(false);
    expect(canSendText('', 'correctiveAction')).toBe(false);
    expect(canSendText('', 'note')).toBe(true);
    expect(canSendText('x'.repeat(250), 'failureMode')).toBe(true);
    expect(canSendText('x'.repeat(251), 'failureMode')).toBe(false);
    expect(canSendText('x'.repeat(1000), 'correctiveAction')).toBe(true);
    expect(canSendText('x'.repeat(1001), 'correctiveAction')).toBe(false);
  });
});
