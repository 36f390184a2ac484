import { canGenerateShifts, currentMonthRange, errorText, successText } from './shiftRange.js';

describe('currentMonthRange (foundations §9: first to last day of the current month)', () => {
  it.each([
    ['2025-03-14', '2025-03-01', '2025-03-31'],
    ['2024-02-10', '2024-02-01', '2024-02-29'],
    ['2025-02-01', '2025-02-01', '2025-02-28'],
    ['2025-12-31', '2025-12-01', '2025-12-31'],
    ['2025-04-30', '2025-04-01', '2025-04-30'],
  ])('%s -> %s .. %s', (today, start, end) => {
    expect(currentMonthRange(today)).toEqual({ start, end });
  });
});

describe('canGenerateShifts (foundations §5)', () => {
  it('needs a known shop floor id, both days and start <= end', () => {
    expect(canGenerateShifts('1', '2025-03-01', '2025-03-31')).toBe(true);
    expect(canGenerateShifts('1', '2025-03-01', '2025-03-01')).toBe(true);
    expect(canGenerateShifts('1', '2025-03-02', '2025-03-01')).toBe(false);
    expect(canGenerateShifts('', '2025-03-01', '2025-03-31')).toBe(false);
    expect(canGenerateShifts(null, '2025-03-01', '2025-03-31')).toBe(false);
    expect(canGenerateShifts('abc', '2025-03-01', '2025-03-31')).toBe(false);
    expect(canGenerateShifts('1', '', '2025-03-31')).toBe(false);
    expect(canGenerateShifts('1', '2025-02-30', '2025-03-31')).toBe(false);
  });
});

describe('messages', () => {
  it('starts with the spec texts', () => {
    expect(successText(93)).toBe('Turni generati con successo (93 nuovi turni)');
    expect(successText(1)).toBe('Turni generati con successo (1 nuovo turno)');
    expect(successText(0)).toMatch(/^Turni generati con successo \(nessun nuovo turno/);
    expect(errorText('Intervallo troppo lungo: al massimo 366 giorni')).toBe('Errore: Intervallo troppo lungo: al massimo 366 giorni');
    expect(errorText('')).toMatch(/^Errore: \S/);
  });
});
