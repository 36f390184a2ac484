/**
 * The clock's texts as it-IT writes them ("lunedì 03/03/2025", "14:05"), on the device's clock.
 * Written out rather than through Intl: the first Intl date format of a page builds its pattern
 * from the locale's data, a task of a few hundred milliseconds on a tablet's CPU at every load,
 * for the one text every page shows.
 */
const WEEKDAYS = ['domenica', 'lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato'] as const;

const two = (n: number) => String(n).padStart(2, '0');

export function clockText(now: Date): { date: string; time: string } {
  return {
    date: `${WEEKDAYS[now.getDay()]} ${two(now.getDate())}/${two(now.getMonth() + 1)}/${now.getFullYear()}`,
    time: `${two(now.getHours())}:${two(now.getMinutes())}`,
  };
}
