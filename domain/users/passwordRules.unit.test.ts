import { commonWords } from './commonPasswords.js';
import { passwordProblem } from './passwordRules.js';

const COMMON = 'Password troppo comune: scegline una meno prevedibile';

describe('the password rules (docs/accounts.md)', () => {
  it('checks against lists of at least 10,000 entries, with the common leaked passwords and Italian words and names', () => {
    const list = commonWords();
    expect(list.size).toBeGreaterThanOrEqual(10_000);
    for (const word of ['password', 'qwerty', 'juventus', 'forza', 'buongiorno', 'francesca', 'lunedi']) expect([word, list.has(word)]).toEqual([word, true]);
  });

  it.each([
    ['forzajuventus', COMMON],
    ['ForzaJuventus', COMMON],
    ['Forza Juventus!', COMMON],
    ['forza-inter-1908', COMMON],
    ['juventus1897!!', COMMON],
    ['buongiorno2026', COMMON],
    ['Francesca1990!', COMMON],
    ['qwerty123456', COMMON],
    ['PASSWORD2026!', COMMON],
    ['produzione2026', COMMON],
    ['zzzzzzzzzzzzzz', COMMON],
    ['forzaJuve', 'Almeno 12 caratteri'],
    ['mario.rossi.2026', 'Non può contenere il nome utente'],
    ['tornio rosso lunedi', null],
    ['fresa blu martedi', null],
    ['correct horse battery staple', null],
    ['una password sicura', null],
  ])('%j → %s', (password, problem) => {
    expect(passwordProblem(password, 'mario.rossi')).toBe(problem);
  });
});
