import { neutralizeFormula } from './spreadsheet.js';

describe('neutralizeFormula', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+39 333', "'+39 333"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['Linea 1', 'Linea 1'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j -> %j', (text, shown) => {
    expect(neutralizeFormula(text)).toBe(shown);
  });
});
