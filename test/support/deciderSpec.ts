import type { Decider } from '../../commands/handleCommand.js';
import type { EventOf } from '../../domain/shared/catalog.js';
import { DomainError } from '../../domain/shared/errors.js';

/** What a refusal is expected to say: its code or Italian message, the listed properties exactly, or a check of its own. */
export type ExpectedRefusal = string | { code?: string; status?: number; message?: string; fields?: Record<string, unknown> } | ((error: DomainError) => void);

export interface DeciderOutcome<E> {
  /** The decided events, exactly; or a check of its own on them. */
  then(expected: E[] | ((events: E[]) => void)): void;
  /** Nothing decided: the command changes nothing. */
  thenNothingHappened(): void;
  /**
   * Refused with a DomainError: a string is its code (UPPER_SNAKE) or else its message; an
   * object lists properties that must be equal (asymmetric matchers allowed); a function
   * checks the error itself. Anything else thrown, or no refusal, fails.
   */
  thenRefuses(expected: ExpectedRefusal): void;
}

/**
 * Given/when/then over an aggregate's decider, as the house style writes decider tests
 * (after Emmett's DeciderSpecification): the state is folded from the given events with
 * the decider's own evolve, the command decided at `now`, the outcome compared with
 * literal events or a literal refusal.
 */
export function deciderSpec<C, S, E extends EventOf>(decider: Decider<C, S, E>, now: Date = new Date(0)) {
  return {
    given(events: readonly E[] = []) {
      return {
        when(command: C, at: Date = now): DeciderOutcome<E> {
          const decide = () => decider.decide(command, events.reduce(decider.evolve, decider.initialState), at);
          return {
            then(expected) {
              const decided = decide();
              if (typeof expected === 'function') expected(decided);
              else expect(decided).toEqual(expected);
            },
            thenNothingHappened() {
              expect(decide()).toEqual([]);
            },
            thenRefuses(expected) {
              const error = refusalOf(decide);
              if (typeof expected === 'function') expected(error);
              else if (typeof expected === 'string') expect(/^[A-Z][A-Z_]*$/.test(expected) ? error.code : error.message).toBe(expected);
              else expect(Object.fromEntries(Object.keys(expected).map((k) => [k, error[k as keyof DomainError]]))).toEqual(expected);
            },
          };
        },
      };
    },
  };
}

function refusalOf(decide: () => unknown): DomainError {
  let decided: unknown;
  try {
    decided = decide();
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error(`Expected a refusal, but the decider decided ${JSON.stringify(decided)}`);
}
