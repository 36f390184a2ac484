import { nestsDeeperThan } from './jsonBody.js';

describe('nestsDeeperThan', () => {
  it.each([
    ['[[1]]', 2, false],
    ['[[[1]]]', 2, true],
    ['{"a":{"b":[]}}', 3, false],
    ['{"a":{"b":[{}]}}', 3, true],
    ['[[],[],[]]', 2, false],
    ['["[[[[", {"k]]]": "{{{"}]', 2, false],
    ['["\\"[[[", [[]]]', 2, true],
    ['["\\\\", [[]]]', 2, true],
    ['["\\\\"] [[[', 2, true],
  ])('%s deeper than %i: %s', (text, max, deeper) => {
    expect(nestsDeeperThan(text, max)).toBe(deeper);
  });
});
