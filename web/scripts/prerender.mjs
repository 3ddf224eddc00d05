// Writes one static HTML file per route from the SSR bundle, plus sitemap.xml, robots.txt,
// the CSP source of the inline bootstrap (csp.json, read by the gateway) and the CSP hashes of
// the inline JSON-LD blocks. Runs after both Vite builds.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { minify } from '@swc/core';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(webRoot, 'dist');
const origin = (process.env.SITE_ORIGIN ?? 'http://localhost:8080').replace(/\/+$/, '');

const { render, PUBLIC_ROUTES } = await import(
  pathToFileURL(join(webRoot, 'dist-ssr', 'entry-server.js')).href
);
const template = await readFile(join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(await readFile(join(dist, '.vite', 'manifest.json'), 'utf8'));

if (!template.includes('<!--app-head-->') || !template.includes('<!--app-html-->')) {
  throw new Error(
    'dist/index.html is not the untouched template: run vite build before prerendering',
  );
}

/** Every JS file a lazy page needs, so the browser fetches them alongside the entry. */
function chunkFiles(moduleId, seen = new Set()) {
  const entry = manifest[moduleId];
  if (!entry)
    throw new Error(`${moduleId} is not in the Vite manifest: check the id passed to lazyPage()`);
  if (!seen.has(entry.file)) {
    seen.add(entry.file);
    for (const imported of entry.imports ?? []) chunkFiles(imported, seen);
  }
  return seen;
}

function preloadLinks(modules) {
  const files = new Set();
  for (const moduleId of modules) for (const file of chunkFiles(moduleId)) files.add(file);
  return [...files]
    .filter((file) => !template.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('\n    ');
}

/**
 * The HTML paints from its own markup and inline CSS; the scripts only hydrate it. Asked for
 * up front, the browser fetches and runs the whole module graph (and starts hydrating) before
 * its first paint, so on a slow phone the page appears only once the JavaScript is in. Instead
 * a tiny bootstrap, inline at the end of the body, waits for the first paint and then adds the
 * page's modulepreload links and imports the entry. Inline, because a request for it, however
 * small and late in priority, is one more round trip before the largest paint in Lighthouse's
 * simulated slow phone (about 0.2 s on /faq). The CSP allows it by its hash, which the
 * prerender writes to dist/csp.json for the gateway: still no 'unsafe-inline'. A tap on Start
 * meanwhile is not lost: Start is a real form (see StartAssessmentButton).
 */
const BOOT_SOURCE = `const tag = document.querySelector('script[data-entry]');
const LINKS_PER_TASK = 4;
let started = false;
function start() {
  if (started || !tag) return;
  started = true;
  addLinks((tag.dataset.preload || '').split(' ').filter(Boolean));
}
function addLinks(hrefs) {
  const links = document.createDocumentFragment();
  for (const href of hrefs.splice(0, LINKS_PER_TASK)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    links.appendChild(link);
  }
  document.head.appendChild(links);
  setTimeout(hrefs.length > 0 ? () => addLinks(hrefs) : run, 0);
}
function run() {
  const entry = () => setTimeout(() => import(tag.dataset.entry), 0);
  Promise.all(tag.dataset.first.split(' ').map((href) => import(href))).then(entry, entry);
}
const types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
const painted = ['largest-contentful-paint', 'paint'].find((type) => types.includes(type));
if (painted) {
  const observer = new PerformanceObserver(() => {
    observer.disconnect();
    setTimeout(start, 0);
  });
  observer.observe({ type: painted, buffered: true });
} else requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 1000);
`;

const bootMinified = (
  await minify(BOOT_SOURCE, { module: true, compress: true, mangle: { toplevel: true } })
).code.trim();
/** The CSP source that allows the bootstrap: the same text on every page. */
const bootHash = `'sha256-${createHash('sha256').update(bootMinified, 'utf8').digest('base64')}'`;

function deferredScripts(html) {
  const entries = [
    ...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g),
  ];
  if (entries.length !== 1)
    throw new Error(`expected one module entry in the HTML, found ${entries.length}`);
  const [entryTag, entry] = entries[0];
  const preloads = [];
  html = html
    .replace(entryTag, '')
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_, href) => {
      preloads.push(href);
      return '';
    });
  const first = (manifest['index.html'].imports ?? []).map((key) => `/${manifest[key].file}`);
  if (first.length === 0)
    throw new Error('the entry imports no chunk: the bootstrap expects the framework chunk');
  const boot = `<script type="module" data-entry="${entry}" data-first="${first.join(' ')}" data-preload="${preloads.join(' ')}">${bootMinified}</script>`;
  return html.replace('</body>', () => `  ${boot}\n  </body>`);
}

function fileFor(path) {
  if (path === '/') return join(dist, 'index.html');
  return join(dist, ...path.split('/').filter(Boolean), 'index.html');
}

const cspHashes = new Set();

async function writePage(url, outFile, expectedStatus) {
  const page = await render(url, origin);
  if (page.status !== expectedStatus)
    throw new Error(`${url} rendered with status ${page.status}, expected ${expectedStatus}`);
  let html = template
    .replace(
      '<!--app-head-->',
      [page.head, preloadLinks(page.modules)].filter(Boolean).join('\n    '),
    )
    .replace('<!--app-html-->', page.html);
  html = deferredScripts(html);
  // The browser renders the shared 404 page afresh rather than hydrating it (see src/main.tsx).
  if (page.status === 404)
    html = html.replace('<div id="root">', '<div id="root" data-page="not-found">');
  // The gateway's CSP allows no inline executable script but the bootstrap (by its hash): only
  // JSON-LD data blocks may be inline besides.
  const inlineScript =
    /<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")(?![^>]*\bdata-entry=)[^>]*>/.exec(
      html,
    );
  if (inlineScript)
    throw new Error(`${url}: inline executable script in the prerendered HTML: ${inlineScript[0]}`);
  await mkdir(dirname(outFile), { recursive: true });
  await writeFile(outFile, html);
  for (const json of page.jsonLd)
    cspHashes.add(`'sha256-${createHash('sha256').update(json, 'utf8').digest('base64')}'`);
  return page;
}

// The root page overwrites the template, so it goes last.
const routes = [...PUBLIC_ROUTES].sort(
  (a, b) => (a.path === '/' ? 1 : 0) - (b.path === '/' ? 1 : 0),
);
for (const route of routes) {
  const page = await writePage(route.path, fileFor(route.path), 200);
  if (page.noindex) throw new Error(`${route.path} is a public route but renders noindex`);
  if (page.title !== route.title || page.description !== route.description) {
    throw new Error(
      `${route.path}: the page's title/description differ from its PUBLIC_ROUTES entry`,
    );
  }
}
await writePage('/admin/login', fileFor('/admin/login'), 200);
await writePage('/admin', fileFor('/admin'), 200);
await writePage('/404', join(dist, '404.html'), 404);

const sitemap = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  ...PUBLIC_ROUTES.map((route) => `  <url><loc>${origin}${route.path}</loc></url>`),
  '</urlset>',
  '',
].join('\n');
await writeFile(join(dist, 'sitemap.xml'), sitemap);
await writeFile(
  join(dist, 'robots.txt'),
  `User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: ${origin}/sitemap.xml\n`,
);
await writeFile(
  join(dist, 'csp.json'),
  `${JSON.stringify(
    {
      note: "Sources the gateway adds to its Content-Security-Policy's script-src: the hash of the inline bootstrap every page ends with (web/scripts/prerender.mjs).",
      scriptSrc: [bootHash],
    },
    null,
    2,
  )}\n`,
);
await writeFile(
  join(dist, 'csp-hashes.json'),
  `${JSON.stringify(
    {
      note: 'sha256 of every inline <script type="application/ld+json"> in dist/**/*.html; JSON-LD is a data block browsers never execute, so listing these in script-src is optional.',
      scriptSrc: [...cspHashes].sort(),
    },
    null,
    2,
  )}\n`,
);

console.log(
  `prerendered ${PUBLIC_ROUTES.length} public routes, 2 admin pages and 404.html for ${origin}`,
);
