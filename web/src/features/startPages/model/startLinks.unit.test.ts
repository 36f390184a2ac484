import { dbrPageHref, moreText, reportHref, rootCauseHref, stopsText } from './startLinks.js';

describe('start page links', () => {
  it.each([
    [reportHref('operator', '2031-06-10', 'A', 1), '/report-operatore?day=2031-06-10&shift_code=A&line_id=1'],
    [reportHref('improvement', '2031-06-09', 'C', 3), '/report-miglioramento?day=2031-06-09&shift_code=C&line_id=3'],
    [rootCauseHref({ id: 1000001004207, shift_day: '2031-06-09', line_id: 2 }), '/rca-miglioramento?stop=1000001004207&day=2031-06-09&line_id=2'],
    [dbrPageHref({ due_date: '2031-06-08', line_id: 1 }), '/azioni-dbr-miglioramento?day=2031-06-08&line_id=1'],
  ])('%s', (href, expected) => {
    expect(href).toBe(expected);
  });
});

describe('start page words', () => {
  it.each([
    [8, 8, null],
    [9, 8, 'e un altro'],
    [12, 8, 'e altri 4'],
    [0, 0, null],
  ])('moreText(%i, %i)', (total, shown, expected) => {
    expect(moreText(total, shown)).toBe(expected);
  });

  it.each([
    [0, 0, 'Nessuno stop'],
    [1, 0, '1 stop pianificato'],
    [0, 1, '1 stop non pianificato'],
    [2, 3, '2 stop pianificati, 3 stop non pianificati'],
  ])('stopsText(%i, %i)', (planned, unplanned, expected) => {
    expect(stopsText(planned, unplanned)).toBe(expected);
  });
});
