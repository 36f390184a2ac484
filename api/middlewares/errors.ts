import type { Middleware } from 'koa';
import { DomainError } from '../../domain/shared/errors.js';
import { WrongExpectedRevisionError } from '../../domain/shared/eventStore.js';
import { GateFullError } from '../../infra/auth/hashingGate.js';
import { isDatabaseUnavailable } from '../../infra/db/unavailable.js';

/** The code and Italian message of an answer that carries nothing more specific than its status. */
export const STATUS_ERRORS: Record<number, { code: string; message: string }> = {
  400: { code: 'BAD_REQUEST', message: 'Richiesta non valida' },
  401: { code: 'UNAUTHENTICATED', message: 'Sessione non valida o scaduta: accedi di nuovo' },
  403: { code: 'FORBIDDEN', message: 'Operazione non consentita' },
  404: { code: 'NOT_FOUND', message: 'Risorsa non trovata' },
  405: { code: 'METHOD_NOT_ALLOWED', message: 'Metodo non consentito per questo indirizzo' },
  406: { code: 'NOT_ACCEPTABLE', message: 'Formato di risposta non disponibile' },
  408: { code: 'REQUEST_TIMEOUT', message: 'Richiesta scaduta' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'Richiesta troppo grande' },
  414: { code: 'URI_TOO_LONG', message: 'Indirizzo troppo lungo' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Formato della richiesta non supportato' },
  416: { code: 'RANGE_NOT_SATISFIABLE', message: 'Intervallo richiesto non disponibile' },
  429: { code: 'TOO_MANY_REQUESTS', message: 'Troppe richieste: riprova tra qualche minuto' },
  431: { code: 'HEADERS_TOO_LARGE', message: 'Intestazioni della richiesta troppo grandi' },
  501: { code: 'NOT_IMPLEMENTED', message: 'Metodo non supportato' },
  503: { code: 'UNAVAILABLE', message: 'Servizio momentaneamente non disponibile: riprova tra poco' },
};

/** The one error body: `{ error: { code, message } }` for a bare status. */
export function statusErrorBody(status: number): { error: { code: string; message: string } } {
  const known = STATUS_ERRORS[status] ?? (status >= 500 ? { code: 'INTERNAL', message: 'Errore interno del server' } : STATUS_ERRORS[400]!);
  return { error: { ...known } };
}

/**
 * The one place errors become `{ error: { code, message, fields? } }`: thrown domain errors,
 * HTTP errors thrown by koa and its middlewares (coded by status, never a blanket BAD_REQUEST),
 * and answers left without a body (404 for an unknown path or file, 405 from the router).
 */
export const errorMiddleware: Middleware = async (ctx, next) => {
  try {
    await next();
    if (ctx.status >= 400 && ctx.body == null) {
      const status = ctx.status;
      ctx.body = statusErrorBody(status);
      // Koa turns a 404 into 200 when a body is set; the status stays what it was.
      ctx.status = status;
    }
  } catch (err) {
    if (err instanceof DomainError) {
      ctx.status = err.status;
      ctx.body = { error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) } };
      return;
    }
    if (err instanceof WrongExpectedRevisionError) {
      ctx.status = 409;
      ctx.body = { error: { code: err.code, message: 'I dati sono stati modificati da un altro utente: ricarica e riprova' } };
      return;
    }
    const status = (err as { status?: number; expose?: boolean }).status;
    if (status && status >= 400 && status < 500) {
      if ((err as { headers?: Record<string, string> }).headers) ctx.set((err as { headers: Record<string, string> }).headers);
      ctx.status = status;
      ctx.body = statusErrorBody(status);
      return;
    }
    if (err instanceof GateFullError) {
      // Every password check the process allows is running or waiting: nothing was done, retry soon.
      ctx.status = 503;
      ctx.set('Retry-After', '1');
      ctx.body = { error: { code: 'BUSY', message: 'Troppe operazioni in corso: riprova tra qualche secondo' } };
      return;
    }
    if (isDatabaseUnavailable(err)) {
      // The database is away (restart, failover): nothing was committed, the client may retry.
      ctx.state.log?.warn({ err: (err as Error).message }, 'database unavailable');
      ctx.status = 503;
      ctx.set('Retry-After', '5');
      ctx.body = statusErrorBody(503);
      return;
    }
    ctx.state.log?.error({ err }, 'unhandled error');
    ctx.status = 500;
    ctx.body = statusErrorBody(500);
  }
};
