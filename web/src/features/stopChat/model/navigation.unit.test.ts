import { lineLogPath, readChatParams, REDIRECT_DELAY_MS } from './navigation.js';

describe('where the bots lead (§4.1, §6)', () => {
  it('sends support to /report-miglioramento and every other role to /report-operatore', () => {
    expect(lineLogPath('support')).toBe('/report-miglioramento');
    for (const role of ['frontline', 'demoit', 'demoen', 'admin', null, undefined, '']) expect(lineLogPath(role)).toBe('/report-operatore');
  });

  it('waits 1 second before the redirect', () => {
    expect(REDIRECT_DELAY_MS).toBe(1000);
  });

  it('hands the line log its day, shift and line back', () => {
    const params = readChatParams('?day=2031-06-10&shift_code=B&line_id=2&other=x');
    expect(params).toEqual({ day: '2031-06-10', shiftCode: 'B', lineId: '2' });
    expect(lineLogPath('frontline', params)).toBe('/report-operatore?day=2031-06-10&shift_code=B&line_id=2');
    expect(lineLogPath('support', readChatParams('?day=2031-06-10'))).toBe('/report-miglioramento?day=2031-06-10');
  });

  it('reads absent or blank parameters as null', () => {
    expect(readChatParams('')).toEqual({ day: null, shiftCode: null, lineId: null });
    expect(readChatParams('?day=&line_id=%20')).toEqual({ day: null, shiftCode: null, lineId: null });
    expect(lineLogPath('frontline', readChatParams(''))).toBe('/report-operatore');
  });
});
