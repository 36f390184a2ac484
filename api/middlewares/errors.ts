import type { Middleware } from 'koa';
import { DomainError } from '../../domain/shared/errors.js';
import { WrongExpectedRevisionError } from '../../domain/shared/eventStore.js';

/** The one place errors become `{ error: { code, message, fields? } }`. */
export const errorMiddleware: Middleware = async (ctx, next) => {
  try {
    await next();
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
      ctx.status = status;
      ctx.body = { error: { code: status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', message: (err as Error).message } };
      return;
    }
    ctx.state.log?.error({ err }, 'unhandled error');
    ctx.status = 500;
    ctx.body = { error: { code: 'INTERNAL', message: 'Errore interno del server' } };
  }
};
