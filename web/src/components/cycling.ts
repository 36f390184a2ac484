/**
 * The rule behind the spec's previous/next buttons beside a select ("cycle and wrap around",
 * foundations §2 Setup, Daily activities; line log §2.1), pure so it is unit tested.
 */

/** Previous (-1) or next (+1). */
export type CycleStep = -1 | 1;

/**
 * The value the button selects: the neighbour of `current` in `values`, wrapping at both ends.
 * From a value not in the list (the placeholder) next gives the first, previous the last.
 * Undefined for an empty list: there is nothing to select.
 */
export function cycleValue(values: readonly string[], current: string, step: CycleStep): string | undefined {
  if (values.length === 0) return undefined;
  const index = values.indexOf(current);
  if (index === -1) return step === 1 ? values[0] : values[values.length - 1];
  return values[(index + step + values.length) % values.length];
}
