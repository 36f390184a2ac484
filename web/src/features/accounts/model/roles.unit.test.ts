import { hasFixedRole, matchUsers, roleLabel, roleOptions } from './roles.js';

const users = [
  { username: 'mrossi', display_name: 'Mario Rossi', role: 'frontline' },
  { username: 'admin', display_name: 'Amministratore (demo)', role: 'admin' },
  { username: 'lverdi', display_name: 'Luca Verdi', role: 'support' },
];

describe('the users page model', () => {
  it('labels each role in Italian (issue 21)', () => {
    expect(['frontline', 'support', 'demoit', 'demoen', 'admin', 'boss'].map(roleLabel)).toEqual([
      'Operatore',
      'Supporto operativo',
      'Demo IT',
      'Demo EN',
      'Amministratore',
      'boss',
    ]);
  });
  it('searches names, display names and role labels, ignoring case', () => {
    expect(matchUsers(users, 'ROSSI').map((u) => u.username)).toEqual(['mrossi']);
    expect(matchUsers(users, 'supporto').map((u) => u.username)).toEqual(['lverdi']);
    expect(matchUsers(users, ' ').map((u) => u.username)).toEqual(['mrossi', 'admin', 'lverdi']);
  });
  it('keeps the five role names to their role', () => {
    expect([hasFixedRole('Admin'), hasFixedRole('mrossi')]).toEqual([true, false]);
  });
});

describe('roleOptions', () => {
  it("offers 'Demo IT' and 'Demo EN' only with the demo on, or to an account that has one", () => {
    expect(roleOptions(true).map((r) => r.label)).toEqual(['Operatore', 'Supporto operativo', 'Demo IT', 'Demo EN', 'Amministratore', 'Tabellone']);
    expect(roleOptions(false).map((r) => r.label)).toEqual(['Operatore', 'Supporto operativo', 'Amministratore', 'Tabellone']);
    expect(roleOptions(false, 'demoen').map((r) => r.label)).toEqual(['Operatore', 'Supporto operativo', 'Demo EN', 'Amministratore', 'Tabellone']);
  });
});
