/**
 * Compression as CloudFront applies it, for the local web server's files and the page function's
 * answers: brotli or gzip, whichever the browser accepts (brotli first).
 */
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encoding to answer with for an `Accept-Encoding` header, if any. */
export function acceptedEncoding(accept: string | undefined): Encoding | undefined {
  if (!accept) return undefined;
  return /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined;
}

/**
 * `smallest`: the highest levels, for files compressed once and kept; `fast`: a middle level, for
 * answers compressed on every request.
 */
export function compress(body: Buffer, encoding: Encoding, effort: 'smallest' | 'fast'): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: effort === 'smallest' ? 11 : 5 } })
    : gzipAsync(body, { level: effort === 'smallest' ? 9 : 6 });
}
