import { DomainError } from '../domain/shared/errors.js';
import { checkDayRange } from './params.js';

/** The day ranges the list calls take (dashboard, DBR actions, stop list, shifts-range). */
describe('checkDayRange', () => {
  const refusal = (from: string, to: string, maxDays?: number) => {
    try {
      checkDayRange(from, to, maxDays);
    } catch (err) {
      if (err instanceof DomainError) return { status: err.status, message: err.message, fields: err.fields };
      throw err;
    }
    return null;
  };

  it('takes a range of one day and one of exactly the longest allowed', () => {
    expect(refusal('2030-06-05', '2030-06-05', 366)).toBeNull();
    expect(refusal('2030-01-01', '2031-01-01', 366)).toBeNull();
    expect(refusal('2030-01-01', '2040-01-01')).toBeNull();
  });

  it('refuses an end before the start with 400 naming date_to', () => {
    expect(refusal('2030-06-05', '2030-06-04', 366)).toEqual({ status: 400, message: 'Parametri non validi', fields: { date_to: 'Precede date_from' } });
  });

  it('refuses one day more than the longest allowed with 400 saying the limit', () => {
    expect(refusal('2030-01-01', '2031-01-02', 366)).toEqual({
      status: 400,
      message: 'Intervallo troppo lungo: al massimo 366 giorni',
      fields: { date_to: 'Al massimo 366 giorni' },
    });
  });
});
