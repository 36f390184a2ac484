import zlib from 'node:zlib';
import compress from 'koa-compress';
import type { Middleware } from 'koa';

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
  return compress({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    filter: isCompressibleType,
    gzip: { level: zlib.constants.Z_DEFAULT_COMPRESSION },
    br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    deflate: false,
    zstd: false,
  });
}
