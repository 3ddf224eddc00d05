// After the build: writes a brotli (.br) and a gzip (.gz) copy beside every
// compressible file in dist, at the highest levels, once. The gateway sends the
// best copy the client accepts and compresses nothing while answering.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.map',
  '.webmanifest',
]);
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

export function precompress(dir) {
  let written = 0;
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    const stat = statSync(file);
    if (stat.isDirectory()) {
      written += precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.has(extname(name)) || stat.size < MIN_BYTES) continue;
    const source = readFileSync(file);
    const br = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    const gz = gzipSync(source, { level: 9 });
    // A copy no smaller than the file is of no use to anyone.
    for (const [suffix, copy] of [
      ['.br', br],
      ['.gz', gz],
    ]) {
      if (copy.length >= source.length) continue;
      writeFileSync(file + suffix, copy);
      written += 1;
    }
  }
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [folder] = parseArgs({ allowPositionals: true }).positionals;
  const dist = resolve(folder ?? join(fileURLToPath(new URL('..', import.meta.url)), 'dist'));
  console.log(`precompress: ${precompress(dist)} compressed copies written in ${dist}`);
}
