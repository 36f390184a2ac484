/**
 * The tables' CSV export in the form Italian Excel opens directly: ';' between cells, decimal
 * comma, CRLF, UTF-8 with a BOM. Written with papaparse's `unparse` (quoting); text cells that start
 * like a formula are neutralised first (domain/shared/spreadsheet.ts), numbers are not (-5 stays a number).
 * The rows are what the table shows (after its searches and order), under the page's filters.
 */
import Papa from 'papaparse';
import { neutralizeFormula } from '../../../domain/shared/spreadsheet.js';
import { formatNumber } from './numbers.js';

export type CsvValue = string | number | null | undefined;

/** A number with a decimal comma and no grouping ('1234,5'), as Italian Excel reads it; text neutralised if it starts like a formula; nothing as ''. */
export function csvCell(v: CsvValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? formatNumber(v, { grouping: false, max: 6 }) : '';
  return neutralizeFormula(v);
}

/**
 * The file's text: the filters (one 'name;value' line each) and an empty line when there are
 * any, then the header and the rows.
 */
export function italianCsv(filters: readonly (readonly [string, string])[], header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines: string[][] = filters.map(([name, value]) => [name, value]);
  if (lines.length > 0) lines.push([]);
  lines.push([...header], ...rows.map((r) => r.map(csvCell)));
  return `\ufeff${Papa.unparse(lines, { delimiter: ';', newline: '\r\n', escapeFormulae: false })}\r\n`;
}

/** Offers the text as a download named `fileName`.csv. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${fileName}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
