import { parseRoleMap, roleForGroups } from './roleMap.js';

describe('role map', () => {
  it('reads group=role entries in order', () => {
    expect(parseRoleMap('linea-admins=admin, linea-operatori=frontline')).toEqual([
      ['linea-admins', 'admin'],
      ['linea-operatori', 'frontline'],
    ]);
  });
  it('reads JSON, whose group names may be DNs', () => {
    expect(parseRoleMap('{"cn=Capi,ou=Gruppi,dc=plant,dc=it": "support", "/linea/tv": "display"}')).toEqual([
      ['cn=Capi,ou=Gruppi,dc=plant,dc=it', 'support'],
      ['/linea/tv', 'display'],
    ]);
  });
  it.each([
    ['linea-admins=root', 'is not a role'],
    ['linea-admins', 'is not group=role'],
    ['{"a": 1}', 'is not a role'],
    ['{nope', 'not valid JSON'],
    ['[]', 'is not group=role'],
    ['', 'no group is mapped'],
    ['a=admin,A=frontline', 'mapped twice'],
    ['=admin', 'empty'],
  ])('refuses %j (%s)', (text, message) => {
    expect(() => parseRoleMap(text)).toThrow(message);
  });
  it('gives the role of the first entry the person holds, whatever the case, and null for none', () => {
    const map = parseRoleMap('Linea-Admins=admin,linea-capi=support,linea-operatori=frontline');
    expect(roleForGroups(map, ['linea-operatori', 'LINEA-ADMINS'])).toBe('admin');
    expect(roleForGroups(map, ['linea-operatori', 'linea-capi'])).toBe('support');
    expect(roleForGroups(map, ['contabilita'])).toBeNull();
    expect(roleForGroups(map, [])).toBeNull();
  });
});
