import { addRow, canAddRow, emptyRow, hasMachineNotes, isRowEmpty, MAX_MACHINE_NOTE_ROWS, removeRow, ROW_NOT_EMPTY, rowsForLabels, setCell } from './machineNotes.js';

const LABELS = ['Macchina', 'Nota'];

describe('machine-note rows', () => {
  it('adds empty rows with one cell per label, up to 10', () => {
    let rows = [emptyRow(LABELS)];
    expect(rows).toEqual([{ Macchina: '', Nota: '' }]);
    while (canAddRow(rows)) rows = addRow(rows, LABELS);
    expect(rows).toHaveLength(MAX_MACHINE_NOTE_ROWS);
    expect(MAX_MACHINE_NOTE_ROWS).toBe(10);
    expect(addRow(rows, LABELS)).toHaveLength(10);
  });

  it('removes a row only when all its fields are empty, else gives the spec message', () => {
    const rows = [
      { Macchina: 'Filler', Nota: '' },
      { Macchina: ' ', Nota: '' },
    ];
    expect(removeRow(rows, 0)).toEqual({ ok: false, error: ROW_NOT_EMPTY });
    expect(ROW_NOT_EMPTY).toBe('Errore: riga non vuota, svuotarla prima di cancellarla');
    expect(removeRow(rows, 1)).toEqual({ ok: true, rows: [{ Macchina: 'Filler', Nota: '' }] });
    expect(removeRow(rows, 5)).toEqual({ ok: true, rows });
  });

  it('counts machine notes as filled when one cell of one row has text', () => {
    expect(hasMachineNotes([])).toBe(false);
    expect(hasMachineNotes([emptyRow(LABELS), { Macchina: '  ', Nota: '\n' }])).toBe(false);
    expect(hasMachineNotes([emptyRow(LABELS), { Macchina: '', Nota: 'ok' }])).toBe(true);
    expect(isRowEmpty({})).toBe(true);
  });

  it('changes one cell without touching the others', () => {
    const rows = [emptyRow(LABELS), emptyRow(LABELS)];
    const next = setCell(rows, 1, 'Nota', 'Valvola');
    expect(next).toEqual([
      { Macchina: '', Nota: '' },
      { Macchina: '', Nota: 'Valvola' },
    ]);
    expect(rows[1]).toEqual({ Macchina: '', Nota: '' });
  });

  it('shows saved rows with exactly the current labels, and one empty row when none is saved', () => {
    expect(rowsForLabels([], LABELS)).toEqual([{ Macchina: '', Nota: '' }]);
    expect(rowsForLabels(null, LABELS)).toEqual([{ Macchina: '', Nota: '' }]);
    expect(rowsForLabels([{ Nota: 'x', Vecchia: 'y' }, { Macchina: 3 }], LABELS)).toEqual([
      { Macchina: '', Nota: 'x' },
      { Macchina: '3', Nota: '' },
    ]);
  });
});
