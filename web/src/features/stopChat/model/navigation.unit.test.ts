import { emptyDraft } from './draft.js';
import { lineLogPath, readChatParams, readDetectedStop, REDIRECT_DELAY_MS } from './navigation.js';
import { startChat } from './chatState.js';
import { unplannedPayload } from './payload.js';

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

describe("'Classifica' on a detected stop", () => {
  const now = new Date('2030-06-05T06:30:00Z');
  const query = '?day=2030-06-05&shift_code=A&line_id=1&detected_stop_id=100016003200&equipment_id=1&equipment_name=Filler&start=2030-06-05T08%3A10%3A00%2B02%3A00';
  it('fills in the machine and the times; a stop still open ends now (Italian time)', () => {
    expect(readDetectedStop(`${query}&end=2030-06-05T08%3A16%3A30%2B02%3A00`, now)).toEqual({
      id: 100016003200,
      equipment: { id: 1, name: 'Filler' },
      times: { startDate: '2030-06-05', startTime: '08:10', endDate: '2030-06-05', endTime: '08:16' },
    });
    expect(readDetectedStop(query, now)?.times).toEqual({ startDate: '2030-06-05', startTime: '08:10', endDate: '2030-06-05', endTime: '08:30' });
    expect(readDetectedStop('?day=2030-06-05&line_id=1', now)).toBeNull();
    expect(readDetectedStop(query.replace('equipment_id=1', 'equipment_id=x'), now)).toBeNull();
  });
  it('starts the chat with them and sends the stop with detected_stop_id', () => {
    const detected = readDetectedStop(query, now)!;
    const state = startChat('unplanned', { line: { id: 1, name: 'Linea 1' }, equipment: detected.equipment, detected });
    expect([state.step, state.draft.times, state.draft.detectedStopId]).toEqual(['workpoint', detected.times, 100016003200]);
    const answered = {
      ...state.draft,
      workpoint: { id: 1, name: 'Alimentazione bottiglie' },
      stopCode: { id: 1, name: 'Bottiglia caduta' },
      triggeringEvent: { id: 1, name: 'Guasto' },
      failureMode: 'Coclea bloccata',
      correctiveAction: 'Sbloccata',
    };
    expect(unplannedPayload(answered)).toMatchObject({ start_time: '2030-06-05T08:10', end_time: '2030-06-05T08:30', detected_stop_id: 100016003200 });
    expect(unplannedPayload({ ...answered, detectedStopId: emptyDraft().detectedStopId })).not.toHaveProperty('detected_stop_id');
  });
});
