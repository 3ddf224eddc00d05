// The gzipped JavaScript each public page loads before anyone interacts with it, read from a
// built site (no server needed): the inline bootstrap and every script the HTML names. Gzip at
// level 9 is the yardstick of the 130 KB budget; bench-lighthouse.mjs measures the same over HTTP.
//
//   node web/scripts/initial-js.mjs              # every page of web/dist/sitemap.xml
//   node web/scripts/initial-js.mjs other/dist   # another build
//
// Exits 1 when a page is over the budget.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { constants, gzipSync } from 'node:zlib';

/** The owner's budget: 130 KB (130,000 bytes) of gzipped JavaScript per public page. */
export const INITIAL_JS_BUDGET = 130_000;

export const gzipSize = (body) => gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length;

/**
 * The scripts a page's HTML makes the browser run up front: the inline bootstrap's code, and the
 * addresses (as written) of module entries, modulepreload links and the entry and chunks the
 * bootstrap names in its data-entry and data-preload attributes.
 */
export function initialScripts(html) {
  const inline = [
    ...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*\bdata-entry=[^>]*>([\s\S]*?)<\/script>/g),
  ].map(([, code]) => code);
  const hrefs = new Set();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const attrs = Object.fromEntries(
      [...tag.matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g)].map((m) => [
        m[1].toLowerCase(),
        m[2] ?? m[3] ?? m[4],
      ]),
    );
    const isScript = /^<script/i.test(tag) && attrs.type !== 'application/ld+json';
    const isPreload = /^<link/i.test(tag) && attrs.rel?.split(/\s+/).includes('modulepreload');
    if (isScript && attrs.src) hrefs.add(attrs.src);
    if (isScript && attrs['data-entry']) hrefs.add(attrs['data-entry']);
    for (const href of (isScript ? (attrs['data-preload'] ?? '') : '').split(/\s+/).filter(Boolean))
      hrefs.add(href);
    if (isPreload && attrs.href) hrefs.add(attrs.href);
  }
  return { inline, hrefs: [...hrefs] };
}

/** Each public page (the sitemap's) of a built site with its initial JavaScript, gzip -9 bytes. */
export function initialJsOfBuild(dist) {
  const sitemap = readFileSync(join(dist, 'sitemap.xml'), 'utf8');
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    ([, loc]) => new URL(loc).pathname,
  );
  return paths.map((path) => {
    const html = readFileSync(join(dist, path, 'index.html'), 'utf8');
    const { inline, hrefs } = initialScripts(html);
    const files = hrefs.map((href) => readFileSync(join(dist, new URL(href, 'http://x').pathname)));
    const gzip = [...inline.map((code) => Buffer.from(code)), ...files]
      .map(gzipSize)
      .reduce((sum, size) => sum + size, 0);
    return { path, files: hrefs.length, gzip };
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [folder] = parseArgs({ allowPositionals: true }).positionals;
  const dist = resolve(folder ?? fileURLToPath(new URL('../dist', import.meta.url)));
  const pages = initialJsOfBuild(dist);
  const width = Math.max(...pages.map(({ path }) => path.length)) + 2;
  for (const { path, files, gzip } of pages)
    console.log(
      `${path.padEnd(width)}${String(files).padStart(3)} files ${String(gzip).padStart(8)} B gzip${gzip > INITIAL_JS_BUDGET ? ' ✗' : ''}`,
    );
  const largest = Math.max(...pages.map(({ gzip }) => gzip));
  console.log(`largest ${largest} B of the ${INITIAL_JS_BUDGET} B budget`);
  if (largest > INITIAL_JS_BUDGET) process.exitCode = 1;
}
