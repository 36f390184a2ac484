import { canSendText } from './textInput.js';

describe('the chat text box (§5)', () => {
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
