/**
 * Text limits count characters as the user sees them (Unicode code points), the same way the
 * server counts them (domain/shared/text.ts): an emoji is one character, not two.
 */
export { charCount, clipChars } from '../../../domain/shared/text.js';

/**
 * The `maxlength` attribute for a limit of `max` characters. Browsers count `maxlength` in
 * UTF-16 units, two for an emoji, so the attribute only stops a runaway paste at twice the
 * limit; the input's change handler clips to the limit in characters (clipChars).
 */
export const unitsFor = (max: number): number => max * 2;
