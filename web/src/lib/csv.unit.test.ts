import { csvCell, italianCsv } from './csv.js';

describe('csvCell', () => {
  it.each([
    [0.957, '0,957'],
    [1234.5, '1234,5'],
    [-3, '-3'],
    [12, '12'],
    [Number.NaN, ''],
    [null, ''],
    [undefined, ''],
    ['Linea 1', 'Linea 1'],
    ['=1', "'=1"],
  ])('%p -> %p', (v, text) => {
    expect(csvCell(v)).toBe(text);
  });
});

describe('italianCsv', () => {
  it('writes the filters, the header and the rows with ";", a decimal comma, CRLF and a BOM', () => {
    const text = italianCsv(
      [
        ['Linee', 'Linea 1, Linea 2'],
        ['Dal', '01/06/2031'],
      ],
      ['Linea', 'OEE (%)', 'Guasti'],
      [
        ['Linea 1', 74.79, 2],
        ['Linea 2', null, 0],
      ],
    );
    expect(text).toBe('\ufeffLinee;Linea 1, Linea 2\r\nDal;01/06/2031\r\n\r\nLinea;OEE (%);Guasti\r\nLinea 1;74,79;2\r\nLinea 2;;0\r\n');
  });

  it('quotes cells holding ";", quotes or line breaks', () => {
    expect(italianCsv([], ['Nota'], [['a;b'], ['di "lui"'], ['due\nrighe']])).toBe('\ufeffNota\r\n"a;b"\r\n"di ""lui"""\r\n"due\nrighe"\r\n');
  });

  it('neutralises text that starts like a formula, but not a negative number', () => {
    expect(
      italianCsv(
        [],
        ['Nota', 'Minuti'],
        [
          ['=HYPERLINK("x")', -5],
          ['+39', 1],
          ['@A1', 2],
          ['-x', 3],
        ],
      ),
    ).toBe('\ufeffNota;Minuti\r\n"\'=HYPERLINK(""x"")";-5\r\n\'+39;1\r\n\'@A1;2\r\n\'-x;3\r\n');
  });
});
