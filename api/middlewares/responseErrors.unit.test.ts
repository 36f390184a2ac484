/**
 * Errors after an answer began: a client that leaves in the middle of a compressed, streamed
 * answer is logged at debug and not printed by Koa; a stream that fails on the server's side is
 * logged as an error and its connection is closed, not left waiting (koa-compress alone leaves it
 * open). A real Koa server on a free port with the app's compression, raw node:http.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable, Writable } from 'node:stream';
import Koa from 'koa';
import { pino } from 'pino';
import { compression } from './compression.js';
import { responseErrorListener } from './requestContext.js';

describe('response errors after the answer began', () => {
  let server: http.Server;
  let url: string;
  const lines: Array<{ level: number; msg: string; code?: string; path?: string; err?: { message: string } }> = [];
  const printed: unknown[] = [];
  const originalError = console.error;

  /** A text body (random, so gzip sends it at once) sent a chunk every 20 ms, for ever unless the client leaves or it fails. */
  function slowBody(failAfter: number | null): Readable {
    let sent = 0;
    return new Readable({
      read() {
        setTimeout(() => {
          sent++;
          if (failAfter !== null && sent > failAfter) this.destroy(new Error('lettura interrotta'));
          else this.push(randomBytes(32_768).toString('base64'));
        }, 20);
      },
    });
  }

  beforeAll(async () => {
    console.error = (...args: unknown[]) => void printed.push(args);
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = new Koa();
    app.on('error', responseErrorListener(pino({ level: 'debug' }, sink)));
    app.use(compression());
    app.use((ctx) => {
      ctx.type = 'text/plain';
      ctx.body = slowBody(ctx.path === '/fails' ? 3 : null);
    });
    server = app.listen(0);
    await new Promise((r) => server.once('listening', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    console.error = originalError;
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const until = async (check: () => boolean) => {
    const end = Date.now() + 5000;
    while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  };

  it('logs a client that leaves mid-answer at debug, with the path, and prints nothing', async () => {
    await new Promise<void>((resolve, reject) => {
      const req = http.get(`${url}/leaves`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        expect(res.headers['content-encoding']).toBe('gzip');
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' ? undefined : reject(e)));
    });
    await until(() => lines.some((l) => l.path === '/leaves'));
    const mine = lines.filter((l) => l.path === '/leaves');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ level: 20, msg: 'client closed the connection' });
    expect(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']).toContain(mine[0]!.code);
    expect(printed).toEqual([]);
  });

  it('logs a body that fails on the server as an error and closes the connection', async () => {
    const ended = await new Promise<string>((resolve) => {
      const req = http.get(`${url}/fails`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve('complete'));
        res.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
      });
      req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
      req.setTimeout(5000, () => {
        resolve('still open');
        req.destroy();
      });
    });
    // Cut short, never a whole answer nor one left hanging.
    expect(ended).toBe('ECONNRESET');
    await until(() => lines.some((l) => l.path === '/fails'));
    const mine = lines.filter((l) => l.path === '/fails');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ level: 50, msg: 'response failed', err: { message: 'lettura interrotta' } });
    expect(printed).toEqual([]);
  });
});
