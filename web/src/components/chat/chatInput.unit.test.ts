import { counterText, isSubmitKey } from './chatInput.js';

describe('the chat text box (line log §5)', () => {
  it('sends on Enter, not on Shift+Enter nor while composing', () => {
    expect(isSubmitKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(isSubmitKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(isSubmitKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(isSubmitKey({ key: 'a', shiftKey: false })).toBe(false);
  });

  it('counts the characters against the limit', () => {
    expect(counterText('', 250)).toBe('0/250');
    expect(counterText('abc', 1000)).toBe('3/1000');
    // Characters as the user sees them, as the server counts them: an emoji or an accented letter is one.
    expect(counterText('😀è', 250)).toBe('2/250');
  });
});
