import { affected, keyPath } from './live.js';

describe('which calls a move touches', () => {
  it.each([
    ['/factory/stop_events/unplanned_by_shift', ['stops'], true],
    ['/factory/dashboard-improvement', ['dashboard'], true],
    ['/factory/lines', ['stops'], false],
    ['/factory/lines', ['plant'], true],
    ['/factory/shifts-range', ['dbr_actions'], false],
    ['/factory/shifts-range', ['shifts'], true],
    ['/factory/default_station', ['stops'], false],
    ['/me', ['users'], false],
  ])('%s after %j: %s', (path, models, expected) => {
    expect(affected(path, models)).toBe(expected);
  });

  it('reads the path of both key shapes', () => {
    expect(keyPath('/factory/lines')).toBe('/factory/lines');
    expect(keyPath(['/factory/oee', { group_by: 'line' }])).toBe('/factory/oee');
    expect(keyPath(null)).toBeNull();
  });
});
