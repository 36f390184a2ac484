import { classifyHref, detectedStopTimes, splitAfterSubmit } from './detectedStops.js';

describe('detected stops in the line log', () => {
  const ended = { id: 100016003200, equipment_id: 1, start_time: '2030-06-05T08:10:00+02:00', end_time: '2030-06-05T08:16:30+02:00', duration_minutes: 6 };
  const open = { ...ended, end_time: null, duration_minutes: 12 };
  it('reads start and end, or since when the machine is stopped', () => {
    expect(detectedStopTimes(ended)).toBe('08:10 – 08:16 (6 min)');
    expect(detectedStopTimes(open)).toBe('In corso da 08:10');
  });
  it("opens the unplanned-stop chat on the log's day, shift and line with the stop, its machine and times", () => {
    expect(classifyHref({ day: '2030-06-05', shiftCode: 'A', lineId: '1' }, ended, 'Filler')).toBe(
      '/inserimento-loss-ai-operatore?day=2030-06-05&shift_code=A&line_id=1&detected_stop_id=100016003200&equipment_id=1&equipment_name=Filler&start=2030-06-05T08%3A10%3A00%2B02%3A00&end=2030-06-05T08%3A16%3A30%2B02%3A00',
    );
    expect(classifyHref({ day: '', shiftCode: '', lineId: '' }, open, 'Filler')).toBe(
      '/inserimento-loss-ai-operatore?detected_stop_id=100016003200&equipment_id=1&equipment_name=Filler&start=2030-06-05T08%3A10%3A00%2B02%3A00',
    );
  });
  it("lists apart the stops still running when the report was sent ('rilevati dopo l'invio'), each group in its order", () => {
    const stops = [
      { id: 1, after_submit: false },
      { id: 2, after_submit: true },
      { id: 3, after_submit: false },
      { id: 4, after_submit: true },
    ];
    expect(splitAfterSubmit(stops)).toEqual({ during: [stops[0], stops[2]], after: [stops[1], stops[3]] });
  });
});
