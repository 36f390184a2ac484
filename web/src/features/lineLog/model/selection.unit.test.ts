import { changeDay, selectionFromQuery, selectionQuery, stopChatHref } from './selection.js';

describe('line log selection', () => {
  it('reads day, shift and line from the query string, ignoring unreadable values', () => {
    expect(selectionFromQuery(new URLSearchParams('day=2031-06-10&shift_code=A&line_id=2'))).toEqual({ day: '2031-06-10', shiftCode: 'A', lineId: '2' });
    expect(selectionFromQuery(new URLSearchParams('day=2031-02-30&shift_code=&line_id=x'))).toEqual({});
  });

  it('writes the chosen parts only', () => {
    expect(selectionQuery({ day: '2031-06-10', shiftCode: '', lineId: '2' })).toBe('day=2031-06-10&line_id=2');
  });

  it('hands the selection to the chatbots as ?day=&shift_code=&line_id=', () => {
    const sel = { day: '2031-06-10', shiftCode: 'A', lineId: '1' };
    expect(stopChatHref('planned', sel)).toBe('/inserimento-pianificate-ai-operatore?day=2031-06-10&shift_code=A&line_id=1');
    expect(stopChatHref('unplanned', sel)).toBe('/inserimento-loss-ai-operatore?day=2031-06-10&shift_code=A&line_id=1');
    expect(stopChatHref('unplanned', { day: '', shiftCode: '', lineId: '' })).toBe('/inserimento-loss-ai-operatore');
  });

  it('clears the shift when the day changes, and only then', () => {
    const sel = { day: '2031-06-10', shiftCode: 'B', lineId: '1' };
    expect(changeDay(sel, '2031-06-09')).toEqual({ day: '2031-06-09', shiftCode: '', lineId: '1' });
    expect(changeDay(sel, '2031-06-10')).toBe(sel);
  });
});
