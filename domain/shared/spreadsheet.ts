/**
 * Cells a spreadsheet would run as a formula: text starting with '=', '+', '-' or '@' (and a tab
 * or carriage return, which some programs skip before such a sign). Every CSV the product writes
 * (the tables' export, `npm run events -- export`) neutralises them with a leading apostrophe,
 * so a stop note like '=HYPERLINK(...)' is shown as text, never run (OWASP "CSV injection").
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** The text as a spreadsheet must show it: a leading apostrophe before a formula's first sign. */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
