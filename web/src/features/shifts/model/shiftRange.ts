/**
 * The rules of the shift generation form (foundations §5, §9), pure so they are unit tested:
 * the default range is the current month, and generation needs a known shop floor and a valid
 * range with start <= end.
 */
import { addDays, isIsoDay, todayInRome } from '../../../lib/dates.js';

/** First and last day (YYYY-MM-DD) of the month of `today` (the plant's day in Rome by default). */
export function currentMonthRange(today: string = todayInRome()): { start: string; end: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const start = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  const end = addDays(`${String(nextYear).padStart(4, '0')}-${String(nextMonth).padStart(2, '0')}-01`, -1);
  return { start, end };
}

/** True when the button 'Genera turni' may be used. */
export function canGenerateShifts(shopFloorId: string | null | undefined, start: string, end: string): boolean {
  return !!shopFloorId && /^\d+$/.test(shopFloorId.trim()) && isIsoDay(start) && isIsoDay(end) && start <= end;
}

/** The success text: the spec's sentence, then how many shifts were new. */
export function successText(created: number): string {
  const base = 'Turni generati con successo';
  if (created === 0) return `${base} (nessun nuovo turno: erano già tutti presenti)`;
  return `${base} (${created} ${created === 1 ? 'nuovo turno' : 'nuovi turni'})`;
}

/** The failure text: 'Errore: ' and the server's message (spec §2 Admin, §8). */
export function errorText(message: string | null | undefined): string {
  return `Errore: ${message?.trim() || 'richiesta non riuscita, riprova'}`;
}
