import { focusFromQuery } from './focus.js';

describe('focusFromQuery', () => {
  it.each([
    ['stop=1000001004207&day=2031-06-09&line_id=2', { stopId: 1000001004207, day: '2031-06-09', lineId: '2' }],
    ['stop=12&day=2031-02-30&line_id=2', null],
    ['stop=abc&day=2031-06-09&line_id=2', null],
    ['day=2031-06-09&line_id=2', null],
    ['stop=12&day=2031-06-09', null],
    ['', null],
  ])('%s', (query, expected) => {
    expect(focusFromQuery(new URLSearchParams(query))).toEqual(expected);
  });
});
