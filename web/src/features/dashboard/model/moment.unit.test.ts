import { momentCaption } from './moment.js';

describe('momentCaption', () => {
  it.each([
    ['2026-11-24T10:15', 'Situazione al 24/11/2026 10:15'],
    ['2026-11-24T10:15:00', 'Situazione al 24/11/2026 10:15'],
    ['2026-11-24T10:15:07', 'Situazione al 24/11/2026 10:15:07'],
  ])('%s → %s', (moment, caption) => expect(momentCaption(moment)).toBe(caption));

  it.each(['', '24/11/2026 10:15', '2026-11-24'])('has no caption for %j', (moment) => expect(momentCaption(moment)).toBeNull());
});
