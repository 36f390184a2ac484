import { ROUTES } from './routes.js';
import { sectionsForRole, sidebarTitle } from './navigation.js';

const titles = (role: string | null | undefined) => sectionsForRole(role).map((s) => s.title);
const paths = (role: string) => sectionsForRole(role).flatMap((s) => [s.landing, ...s.links.map((l) => l.path)]);

describe('sidebar sections per role (spec §6)', () => {
  it.each([
    ['frontline', ['LINEA DI PRODUZIONE']],
    ['support', ['SUPPORTO OPERATIVO']],
    ['demoit', ['LINEA DI PRODUZIONE', 'ASSISTENTE', 'SUPPORTO OPERATIVO']],
    ['demoen', ['LINEA DI PRODUZIONE', 'ASSISTANT', 'SUPPORTO OPERATIVO']],
    ['admin', ['LINEA DI PRODUZIONE', 'ASSISTENTE', 'ASSISTANT', 'SUPPORTO OPERATIVO', 'ADMIN']],
  ])('%s sees %j', (role, expected) => {
    expect(titles(role)).toEqual(expected);
  });

  it.each([['someone'], ['Admin'], ['constructor'], ['__proto__'], [''], [null], [undefined]])('any other username (%p) sees no section', (role) => {
    expect(titles(role)).toEqual([]);
  });

  it('hides the two loss chats and the DBR actions page', () => {
    const shown = paths('admin');
    expect(shown).not.toContain('/inserimento-loss-ai-operatore');
    expect(shown).not.toContain('/inserimento-pianificate-ai-operatore');
    expect(shown).not.toContain('/azioni-dbr-miglioramento');
  });

  it('lists every other route of the table for admin', () => {
    const visible = ROUTES.filter((r) => !r.hidden).map((r) => r.path);
    // '/admin' is both the ADMIN heading and the 'Generazione turni' link: each route counted once.
    expect([...new Set(paths('admin'))].sort()).toEqual([...visible].sort());
  });

  it('gives the support section its links, Analisi perdite last', () => {
    const [support] = sectionsForRole('support');
    expect(support?.landing).toBe('/miglioramento');
    expect(support?.links.map((l) => [l.label, l.path])).toEqual([
      ['Registro di Linea', '/report-miglioramento'],
      ['Riepilogo Operativo', '/dashboard-miglioramento'],
      ['Root Cause Tool', '/rca-miglioramento'],
      ['Analisi perdite', '/analisi-perdite'],
    ]);
  });

  it("gives the admin section a 'Generazione turni' link to /admin besides its heading (issue 22, item 12)", () => {
    const admin = sectionsForRole('admin').find((s) => s.id === 'admin');
    expect(admin?.landing).toBe('/admin');
    expect(admin?.links.map((l) => [l.label, l.path])).toEqual([
      ['Generazione turni', '/admin'],
      ['DBR Constants', '/DBRConstantsForm'],
      ['Impianto', '/impianto'], // issue 37
      ['Utenti', '/utenti'],
      ['Chiavi API', '/chiavi-api'],
      ['Proiezioni', '/proiezioni'],
      ['Riferimento API', '/api-docs'],
    ]);
  });

  it('gives the operator section its links in the table order', () => {
    const [operator] = sectionsForRole('frontline');
    expect(operator?.landing).toBe('/operatore');
    expect(operator?.links.map((l) => l.label)).toEqual(['Registro di Linea', 'Cruscotto', 'Attività giornaliere']);
  });
});

describe('sidebar title per path (spec §2)', () => {
  it.each([
    ['/operatore', 'LINEA DI PRODUZIONE'],
    ['/daily-routine-operatore', 'LINEA DI PRODUZIONE'],
    ['/inserimento-loss-ai-operatore', 'LINEA DI PRODUZIONE'],
    ['/miglioramento', 'SUPPORTO OPERATIVO'],
    ['/azioni-dbr-miglioramento', 'SUPPORTO OPERATIVO'],
    ['/analisi-perdite', 'SUPPORTO OPERATIVO'],
    ['/admin', 'ADMIN PANEL'],
    ['/DBRConstantsForm', 'ADMIN PANEL'],
    ['/dbrconstantsform/', 'ADMIN PANEL'],
    ['/assistente', 'ASSISTENTE AI'],
    ['/assistenteLoss', 'ASSISTENTE AI'],
    ['/assistant', 'AI ASSISTANT'],
    ['/assistantCL', 'AI ASSISTANT'],
    ['/', 'HOME'],
    ['/home', 'HOME'],
    ['/nowhere', 'HOME'],
  ])('%s -> %s', (path, expected) => {
    expect(sidebarTitle(path)).toBe(expected);
  });
});
