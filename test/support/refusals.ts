import { DomainError } from '../../domain/shared/errors.js';

/**
 * Bad input gets an error and writes nothing: a checker that runs a request meant to be refused
 * and expects the event store to hold as many events after it as before. `eventCount` is read
 * at call time, so a kit started in beforeAll can be named before it exists.
 */
export function refusalChecker(eventCount: () => Promise<number>): <R>(request: () => Promise<R>) => Promise<R> {
  return async (request) => {
    const before = await eventCount();
    const answer = await request();
    expect(await eventCount()).toBe(before);
    return answer;
  };
}

/** The DomainError a decider throws to refuse a command; fails when it accepts or throws anything else. */
export function refusal(decide: () => unknown): DomainError {
  try {
    decide();
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}
