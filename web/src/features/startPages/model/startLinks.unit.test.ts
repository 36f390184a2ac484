import { classifyDetectedHref, dbrPageHref, detectedStopLogHref, moreText, reportHref, rootCauseHref, stopsText } from './startLinks.js';

/** A detected stop of the night's Turno C on line 2's Filler, and one no shift holds. */
const night = {
  id: 400_000_001,
  line_id: 2,
  line_name: 'Linea 2',
  equipment_id: 4,
  equipment_name: 'Filler',
  start_time: '2031-06-10T02:00:00+02:00',
  end_time: '2031-06-10T02:12:00+02:00',
  duration_minutes: 12,
  shift_day: '2031-06-09',
  shift_code: 'C',
  shift_name: 'Turno C',
};
const noShift = { ...night, shift_day: null, shift_code: null, shift_name: null };

describe('start page links', () => {
  it.each([
    [reportHref('operator', '2031-06-10', 'A', 1), '/report-operatore?day=2031-06-10&shift_code=A&line_id=1'],
    [reportHref('improvement', '2031-06-09', 'C', 3), '/report-miglioramento?day=2031-06-09&shift_code=C&line_id=3'],
    [rootCauseHref({ id: 1000001004207, shift_day: '2031-06-09', line_id: 2 }), '/rca-miglioramento?stop=1000001004207&day=2031-06-09&line_id=2'],
    [dbrPageHref({ due_date: '2031-06-08', line_id: 1 }), '/azioni-dbr-miglioramento?day=2031-06-08&line_id=1'],
    [detectedStopLogHref(night), '/report-miglioramento?day=2031-06-09&shift_code=C&line_id=2'],
    [detectedStopLogHref(noShift), '/report-miglioramento?day=2031-06-10&line_id=2'],
    [
      classifyDetectedHref(night),
      '/inserimento-loss-ai-operatore?day=2031-06-09&shift_code=C&line_id=2&detected_stop_id=400000001&equipment_id=4&equipment_name=Filler&start=2031-06-10T02%3A00%3A00%2B02%3A00&end=2031-06-10T02%3A12%3A00%2B02%3A00',
    ],
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
