import { ApiError } from './api.js';
import { classifyFailure, fieldMessages, retryDelayMs, RETRY_NOTICE } from './failures.js';

describe('classifyFailure', () => {
  it('tries network and server failures again, with the Italian notice', () => {
    expect(classifyFailure(new TypeError('Failed to fetch'))).toMatchObject({ kind: 'retry', message: RETRY_NOTICE });
    expect(classifyFailure(new ApiError(503, 'HTTP_503', ''))).toMatchObject({ kind: 'retry' });
    expect(classifyFailure(new ApiError(429, 'HTTP_429', ''))).toMatchObject({ kind: 'retry' });
    expect(RETRY_NOTICE).toBe('Salvataggio non riuscito: nuovo tentativo tra pochi secondi');
  });

  it('offers a reload on 409 and shows the server message', () => {
    const err = new ApiError(409, 'CONCURRENT_MODIFICATION', 'I dati sono stati modificati da un altro utente: ricarica e riprova');
    expect(classifyFailure(err)).toMatchObject({ kind: 'conflict', code: 'CONCURRENT_MODIFICATION', message: err.message });
    expect(classifyFailure(new ApiError(409, 'REPORT_ALREADY_SUBMITTED', 'Report già inviato'))).toMatchObject({ kind: 'conflict', message: 'Report già inviato' });
  });

  it('shows refusals with their fields and waits for the password on 401', () => {
    const err = new ApiError(400, 'VALIDATION_FAILED', 'Dati del report non validi', { working_time: 'Al massimo 8 ore (durata del turno)', x: 3 });
    const failure = classifyFailure(err);
    expect(failure).toMatchObject({ kind: 'refused', message: 'Dati del report non validi' });
    expect(fieldMessages(failure.fields)).toEqual({ working_time: 'Al massimo 8 ore (durata del turno)' });
    expect(classifyFailure(new ApiError(401, 'UNAUTHENTICATED', 'Sessione non valida o scaduta: accedi di nuovo'))).toMatchObject({ kind: 'session' });
    expect(classifyFailure(new ApiError(403, 'FORBIDDEN', ''))).toMatchObject({ kind: 'refused' });
  });
});

describe('retryDelayMs', () => {
  it('doubles from 2 s up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(retryDelayMs)).toEqual([2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(retryDelayMs(0)).toBe(2000);
  });
});
