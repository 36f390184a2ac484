import { dictionary as common } from '@zxcvbn-ts/language-common';
import { dictionary as italian } from '@zxcvbn-ts/language-it';

/**
 * The product's own words: a password made of them is the first a colleague would try
 * (NIST SP 800-63B §5.1.1.2, "context-specific words, such as the name of the service").
 */
const PRODUCT_WORDS = [
  'linea',
  'lineaprod',
  'produzione',
  'stabilimento',
  'imballaggi',
  'imballaggio',
  'turno',
  'reparto',
  'operatore',
  'supporto',
  'amministratore',
  'admin',
  'demoit',
  'demoen',
  'frontline',
];

/**
 * The lists a new password is checked against, from maintained packages rather than a hand
 * list: zxcvbn-ts's common passwords (about 49,000, from the public leaked-password lists) and
 * its Italian lists (common words, first names, surnames, the words of the Italian Wikipedia),
 * with the product's own words. Lower case. Built on first use: about 120,000 entries.
 */
let words: ReadonlySet<string> | null = null;
export function commonWords(): ReadonlySet<string> {
  words ??= new Set([common.passwords, italian.commonWords, italian.firstnames, italian.lastnames, italian.wikipedia, PRODUCT_WORDS].flat().map((w) => w.toLowerCase()));
  return words;
}

/** The shortest list word counted as half of a two-word password ('forza' + 'juventus'). */
const PART_MIN = 3;

/**
 * Whether a password is a common one: found in the lists (any case), or, once its separators
 * (spaces, `.`, `_`, `-`) are dropped and the digits and symbols around it trimmed, one list
 * word or two run together: 'Juventus1897!', 'forza-juventus', 'forzajuventus'.
 */
export function isCommonPassword(password: string): boolean {
  const list = commonWords();
  const lower = password.toLowerCase();
  if (list.has(lower)) return true;
  const core = lower.replace(/[\s._-]+/gu, '').replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  if (core.length === 0 || list.has(core)) return true;
  for (let i = PART_MIN; i <= core.length - PART_MIN; i++) {
    if (list.has(core.slice(0, i)) && list.has(core.slice(i))) return true;
  }
  return false;
}
