import { dbrShowFromQuery } from './dbrShow.js';

describe('dbrShowFromQuery', () => {
  it.each([
    ['day=2031-06-08&line_id=1', { day: '2031-06-08', lineId: '1' }],
    ['day=2031-06-31&line_id=1', null],
    ['day=2031-06-08&line_id=x', null],
    ['day=2031-06-08', null],
    ['', null],
  ])('%s', (query, expected) => {
    expect(dbrShowFromQuery(new URLSearchParams(query))).toEqual(expected);
  });
});
