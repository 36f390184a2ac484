import zlib from 'node:zlib';
import compress from 'koa-compress';
import { Stream } from 'node:stream';
import type { Context, Middleware } from 'koa';

/**
 * Below this a compressed body saves less than the encoding costs (headers, CPU); the small
 * JSON answers (a station, a DBR row, errors) stay as they are.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Text types we serve: JSON, the web app's JS, CSS, HTML, SVG, source maps. Anything else
 * (PNG, WOFF2, archives) is already compressed and gains nothing. Event streams are left out
 * on purpose: a compressor buffers, so the browser would get its events late.
 */
const COMPRESSIBLE = /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:json|javascript|xml|[\w.-]+\+json)|image\/svg\+xml)(?:\s*;|$)/i;

/**
 * Brotli quality for compressing on the fly. On the app's 324 KB vendor chunk, quality 4 came
 * out 1% larger than gzip, 5 is 5% smaller than gzip in the same ~16 ms; 6+ costs more time
 * for little, 11 takes about a second (docs/benchmarks.md).
 */
export const BROTLI_QUALITY = 5;

/** Whether a response of this Content-Type is worth compressing. */
export function isCompressibleType(type: string): boolean {
  return COMPRESSIBLE.test(type);
}

/**
 * gzip and brotli by the client's Accept-Encoding (brotli preferred), always with
 * `Vary: Accept-Encoding`; gzip at its default level 6, brotli at BROTLI_QUALITY. Deflate is
 * off (ambiguous framing in old clients) and so is zstd, which only Node 22+ offers: the same
 * build answers the same on every supported Node. koa-compress itself skips HEAD, 204/304, ranges, bodies that already
 * carry a Content-Encoding and `Cache-Control: no-transform`; a route may set
 * `ctx.compress = false` for a streamed body that must not be buffered.
 */
export function compression(): Middleware {
  const encode = compress({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    filter: isCompressibleType,
    gzip: { level: zlib.constants.Z_DEFAULT_COMPRESSION },
    br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    deflate: false,
    zstd: false,
  });
  return async (ctx, next) => {
    let source: Stream | null = null;
    await encode(ctx, async () => {
      await next();
      serializeOnce(ctx);
      if (ctx.body instanceof Stream) source = ctx.body;
    });
    // koa-compress pipes a streamed body into the encoder with .pipe(), which does not pass a
    // failure on (and Koa swallows the source's error once it is replaced): a file that fails
    // to read would leave the client waiting for ever. The encoder fails with it instead, so
    // Koa's pipeline closes the connection and reports the error.
    const sent: unknown = ctx.body;
    if (source !== null && sent !== source && sent instanceof Stream) {
      (source as Stream).once('error', (err: Error) => (sent as Stream & { destroy(e: Error): void }).destroy(err));
    }
  };
}

/**
 * Turns a JSON body (object or array) into its text once, keeping its JSON Content-Type.
 * Left an object, it is serialized twice or three times: Koa's `ctx.length` stringifies it
 * to measure it (koa-compress asks it for the threshold), then koa-compress or Koa's
 * response stringifies it again to send it. For a page of 1,000 stops (720 KB) that is
 * about 4 ms of CPU each time (docs/benchmarks.md, dashboard).
 */
export function serializeOnce(ctx: Context): void {
  const { body } = ctx;
  if (body === null || typeof body !== 'object' || Buffer.isBuffer(body) || body instanceof Stream || ArrayBuffer.isView(body)) return;
  if (!/json/i.test(ctx.response.type)) return;
  ctx.body = JSON.stringify(body);
}
