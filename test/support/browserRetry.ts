/**
 * A browser test that fails is run once more, and its first failure is printed either way. The
 * browser suites drive real Chromium against a real server on a shared two-core machine, where a
 * render or a round trip now and then misses a bound; a page that is really broken fails twice.
 * Every other test gets one attempt.
 */
import { expect, jest } from '@jest/globals';

if (/[\\/]test[\\/]e2e[\\/]/.test(expect.getState().testPath ?? '')) jest.retryTimes(1, { logErrorsBeforeRetry: true });
