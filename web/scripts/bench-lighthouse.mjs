// Lighthouse against the running site (the gateway serves the prerendered pages with its
// real compression and security headers, so this measures what visitors get), plus the
// initial JavaScript a public page downloads before anyone interacts with it.
//
//   npm run bench:web                               # the five benchmark pages, median of 5 runs
//   BENCH_RUNS=1 npm run bench:web                  # one run per page (quicker, noisier)
//   BENCH_OUT=var/lighthouse npm run bench:web      # also keep each page's JSON report
//   npm run bench:web -- /about /faq                # other pages
//   node web/scripts/bench-lighthouse.mjs --runs 5 --out var/lighthouse /faq
//
// (Through the root's `npm run bench:web` npm itself would swallow `--runs`, hence the
// variables.) BENCH_BASE_URL (default http://127.0.0.1:8080) is the site.
// Exits 1 when a target is missed, 2 when the site cannot be measured.
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { INITIAL_JS_BUDGET, gzipSize, initialScripts } from './initial-js.mjs';

const DEFAULT_PAGES = [
  '/',
  '/symptom-checker',
  '/conditions/carpal-tunnel-syndrome',
  '/faq',
  '/hand-conditions',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGETS = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 };
const PERFORMANCE_AIM = 100;
/** Largest contentful paint must come before this (Lighthouse's simulated slow phone). */
const LCP_BUDGET_MS = 1000;
const KIB = 1024;

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Nothing outside the machine is reachable here; failing such lookups at once keeps a stray
  // third-party request from stalling the run (and would show up as a failed request).
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    // One run's performance score moves by several points on a shared two-core machine;
    // Lighthouse's guide to variability (docs/variability.md) advises the median of 5 runs.
    runs: { type: 'string', default: process.env.BENCH_RUNS ?? '5' },
    out: { type: 'string', default: process.env.BENCH_OUT },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs must be a whole number of at least 1, got "${options.runs}"`);
  process.exit(2);
}
const baseUrl = (process.env.BENCH_BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const pages = positionals.length > 0 ? positionals : DEFAULT_PAGES;
const outDir = options.out ? resolve(process.env.INIT_CWD ?? process.cwd(), options.out) : null;

const kib = (bytes) => `${(bytes / KIB).toFixed(1)} KiB`;
const pad = (text, width) => String(text).padEnd(width);
const padStart = (text, width) => String(text).padStart(width);

async function fetchOk(url, init) {
  let response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    throw new Error(`cannot reach ${url} (${error.cause?.code ?? error.message})`);
  }
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response;
}

/** Sizes of the page's up-front scripts: raw, and gzip level 9 (the yardstick of the 130 KB budget). */
async function initialJs(path) {
  const pageUrl = `${baseUrl}${path}`;
  const { inline, hrefs } = initialScripts(await (await fetchOk(pageUrl)).text());
  // The inline bootstrap is JavaScript every page runs too.
  const files = inline.map((code) => ({
    url: `${pageUrl} (inline bootstrap)`,
    body: Buffer.from(code, 'utf8'),
  }));
  for (const url of hrefs.map((href) => new URL(href, pageUrl).href)) {
    // fetch() undoes any content encoding, so these are the bytes the browser parses.
    files.push({ url, body: Buffer.from(await (await fetchOk(url)).arrayBuffer()) });
  }
  const sized = files.map(({ url, body }) => ({ url, raw: body.length, gzip: gzipSize(body) }));
  return {
    files: sized,
    raw: sized.reduce((sum, file) => sum + file.raw, 0),
    gzip: sized.reduce((sum, file) => sum + file.gzip, 0),
  };
}

/** Scripts Lighthouse saw the page load, with the bytes that went over the wire. */
function loadedScripts(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  return items.filter((item) => item.resourceType === 'Script');
}

function categoryScore(lhr, id) {
  const score = lhr.categories[id]?.score;
  return typeof score === 'number' ? Math.round(score * 100) : null;
}

/** Audits that cost points: failed weighted audits of a category. */
function failingAudits(lhr, id) {
  const category = lhr.categories[id];
  if (!category) return [];
  return category.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && typeof audit.score === 'number' && audit.score < 1)
    .map((audit) => {
      const value = audit.displayValue ? ` (${audit.displayValue})` : '';
      const items = (audit.details?.items ?? [])
        .slice(0, 3)
        .map((item) => item.node?.snippet ?? item.url ?? item.source?.url ?? item.description)
        .filter(Boolean)
        .map((text) => `        ${String(text).slice(0, 160)}`);
      return [`    ${audit.id}: ${audit.title}${value} — score ${audit.score}`, ...items].join(
        '\n',
      );
    });
}

/** Performance opportunities and diagnostics Lighthouse flags, for a page below the aim. */
function performanceHints(lhr) {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight === 0 && ref.group !== 'hidden')
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (audit) =>
        audit &&
        typeof audit.score === 'number' &&
        audit.score < 0.9 &&
        audit.scoreDisplayMode !== 'informative',
    )
    .map(
      (audit) =>
        `    ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`,
    );
}

/**
 * The median run's long main-thread tasks as Lighthouse simulated them, each with roughly what
 * it adds to the total blocking time: its part between first paint and interactive, beyond 50 ms.
 * "Unattributable" means no script or HTML of the page ran in the task. The navigation's commit is
 * one: it makes the page's JavaScript context in the fresh renderer process that our
 * Cross-Origin-Opener-Policy calls for (services/gateway/src/site/security-headers.ts says why it
 * stays), and it is the usual long one. Parsing and the first layout count to the HTML document.
 */
function longTasks(lhr) {
  const firstPaint = lhr.audits['first-contentful-paint']?.numericValue ?? 0;
  const interactive = lhr.audits.interactive?.numericValue ?? Number.POSITIVE_INFINITY;
  return (lhr.audits['long-tasks']?.details?.items ?? [])
    .toSorted((a, b) => a.startTime - b.startTime)
    .map((task) => {
      const from = Math.max(task.startTime, firstPaint);
      const to = Math.min(task.startTime + task.duration, interactive);
      const counted = Math.max(0, to - from - 50);
      const path = task.url.replace(/^https?:\/\/[^/]+/, '');
      const where = task.url === lhr.finalDisplayedUrl ? `${path} (the HTML document)` : path;
      return `    ${Math.round(task.startTime)} ms, ${Math.round(task.duration)} ms long, ~${Math.round(counted)} ms blocking: ${where}`;
    });
}

const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
  ['SI', 'speed-index'],
];

/** Trace failures (NO_NAVSTART, NO_FCP) now and then hit a busy machine; a page that really fails keeps failing. */
const ATTEMPTS = 3;

async function audit(url, port) {
  let lastError = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    // Lighthouse's defaults are the mobile profile: Moto G Power screen, slow 4G and a
    // 4x CPU slowdown, applied by simulation over the observed load.
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
    lastError = lhr
      ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}`
      : 'Lighthouse returned no result';
    if (attempt < ATTEMPTS) process.stderr.write(`  ${lastError.slice(0, 120)}; trying again\n`);
  }
  throw new Error(`${url}: ${lastError}`);
}

async function main() {
  // Also warms the gateway (file cache, compression) before Lighthouse times anything.
  const sizes = new Map();
  for (const path of pages) sizes.set(path, await initialJs(path));

  // The whole browser, which make test does not install (its specs run the headless shell).
  if (!process.env.CHROME_PATH) {
    execFileSync(
      'bash',
      [resolve(import.meta.dirname, '../../scripts/install-system.sh'), 'lighthouse'],
      {
        stdio: 'inherit',
      },
    );
  }
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  const results = new Map();
  try {
    for (const path of pages) {
      const lhrs = [];
      for (let run = 1; run <= runs; run += 1) {
        const url = `${baseUrl}${path}`;
        process.stderr.write(`lighthouse ${url}${runs > 1 ? ` (run ${run}/${runs})` : ''}\n`);
        lhrs.push(await audit(url, chrome.port));
      }
      const lhr = lhrs.length > 1 ? computeMedianRun(lhrs) : lhrs[0];
      results.set(path, { lhr, performanceRuns: lhrs.map((r) => categoryScore(r, 'performance')) });
      if (outDir) {
        await mkdir(outDir, { recursive: true });
        const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '__');
        await writeFile(join(outDir, `${name}.json`), JSON.stringify(lhr, null, 2));
      }
    }
  } finally {
    await chrome.kill();
  }

  const first = results.values().next().value.lhr;
  console.log(
    `\nLighthouse ${first.lighthouseVersion}, ${first.configSettings.formFactor}, ` +
      `${first.configSettings.throttlingMethod} throttling, ${first.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? ''}` +
      `, ${baseUrl}, ${runs} run${runs > 1 ? 's (median)' : ''} per page\n`,
  );

  const width = Math.max(...pages.map((p) => p.length), 4) + 2;
  let failed = false;
  const head = pad('page', width) + CATEGORIES.map((c) => padStart(c, 16)).join('');
  console.log(head);
  console.log('-'.repeat(head.length));
  for (const [path, { lhr, performanceRuns }] of results) {
    const cells = CATEGORIES.map((id) => {
      const score = categoryScore(lhr, id);
      const ok = score !== null && score >= TARGETS[id];
      if (!ok) failed = true;
      const note = id === 'performance' && runs > 1 ? ` [${performanceRuns.join(',')}]` : '';
      return padStart(`${score ?? 'n/a'}${ok ? '' : ' ✗'}${note}`, 16);
    });
    console.log(pad(path, width) + cells.join(''));
  }
  console.log(
    `\ntargets: performance ≥ ${TARGETS.performance}, accessibility, best-practices and seo 100, ` +
      `LCP < ${LCP_BUDGET_MS} ms\n`,
  );

  console.log(pad('page', width) + METRICS.map(([label]) => padStart(label, 10)).join(''));
  for (const [path, { lhr }] of results) {
    const cells = METRICS.map(([label, id]) => {
      const shown = lhr.audits[id]?.displayValue ?? 'n/a';
      if (label !== 'LCP') return padStart(shown, 10);
      const ms = lhr.audits[id]?.numericValue;
      const ok = typeof ms === 'number' && ms < LCP_BUDGET_MS;
      if (!ok) failed = true;
      return padStart(
        `${typeof ms === 'number' ? `${Math.round(ms)} ms` : shown}${ok ? '' : ' ✗'}`,
        10,
      );
    });
    console.log(pad(path, width) + cells.join(''));
  }

  console.log(
    '\ninitial JavaScript (inline bootstrap + module entry + modulepreload links of the HTML)',
  );
  console.log(
    pad('page', width) +
      padStart('files', 7) +
      padStart('raw', 12) +
      padStart('gzip -9', 12) +
      padStart('as served*', 13),
  );
  let worst = 0;
  for (const path of pages) {
    const size = sizes.get(path);
    worst = Math.max(worst, size.gzip);
    const scripts = loadedScripts(results.get(path).lhr);
    const served = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    console.log(
      pad(path, width) +
        padStart(size.files.length, 7) +
        padStart(kib(size.raw), 12) +
        padStart(`${kib(size.gzip)}${size.gzip > INITIAL_JS_BUDGET ? ' ✗' : ''}`, 12) +
        padStart(kib(served), 13),
    );
    // A script the page loads that the HTML did not announce is fetched only after the
    // entry runs: a request waterfall the prerender's modulepreload links should prevent.
    const announced = new Set(size.files.map((file) => file.url));
    for (const item of scripts) {
      if (!announced.has(item.url)) console.log(`    loaded but not preloaded: ${item.url}`);
    }
  }
  console.log(
    `* bytes on the wire (gateway compression, response headers included) of every script Lighthouse saw load\n` +
      `largest initial JS: ${kib(worst)} gzip (${worst} bytes); budget ${INITIAL_JS_BUDGET} bytes` +
      `${worst > INITIAL_JS_BUDGET ? ' ✗' : ''}`,
  );
  if (worst > INITIAL_JS_BUDGET) failed = true;

  const details = [];
  for (const [path, { lhr }] of results) {
    const lines = [];
    for (const id of ['accessibility', 'best-practices', 'seo']) {
      const audits = failingAudits(lhr, id);
      if (audits.length > 0) lines.push(`  ${id}:`, ...audits);
    }
    if ((categoryScore(lhr, 'performance') ?? 0) < PERFORMANCE_AIM) {
      const hints = performanceHints(lhr);
      if (hints.length > 0) lines.push('  performance opportunities and diagnostics:', ...hints);
      const tasks = longTasks(lhr);
      if (tasks.length > 0) lines.push('  long tasks (simulated on the slow phone):', ...tasks);
    }
    if (lines.length > 0) details.push(`${path}`, ...lines);
  }
  if (details.length > 0) console.log(`\nwhat cost points\n${details.join('\n')}`);
  if (outDir) console.log(`\nJSON reports in ${outDir}`);

  console.log(failed ? '\nresult: some targets missed' : '\nresult: every target met');
  process.exitCode = failed ? 1 : 0;
}

try {
  await main();
} catch (error) {
  console.error(`bench-lighthouse: ${error.message}`);
  if (/cannot reach/.test(error.message)) {
    console.error(
      'Start the site first (from the repo root: make start, or bash deploy/infra.sh start --profile dev ' +
        '&& node scripts/supervisor.mjs start --profile dev), or point BENCH_BASE_URL at it.',
    );
  }
  process.exitCode = 2;
}
