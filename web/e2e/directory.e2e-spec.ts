/*
 * The specialist directory on the results screen, through the real stack of the test
 * profile: the sample file loaded with the importer (`npm run directory:import`) into the
 * test MongoDB, the directory service and the gateway started by the supervisor. Then, with
 * the directory out of reach, a second real gateway (the built one, its DIRECTORY_GRPC_URL
 * pointing at a closed port, nothing cached): the section is hidden and nothing is shown.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT, eventually, testInfra } from '@handcheck/server-kit/testing';
import { BASE_URL, E2E_TIMEOUT_MS, axeViolations, openPage } from '../../tests/support/browser/browser';
import { browserForTests } from '../../tests/support/browser/hooks';
import { finishToResults } from '../../tests/support/browser/checker';
import { passEmergencyCheck } from '../../tests/support/browser/emergencyCheck';

jest.setTimeout(E2E_TIMEOUT_MS);

const SAMPLE = join(REPO_ROOT, 'services', 'directory', 'data', 'sample-specialists.json');
const LOAD_FAILURE = 'Unable to load specialist information';

interface SampleSpecialist {
  id: string;
  name: string;
  specialty_note?: string;
  clinic: string;
  location: string;
  url: string;
  is_active: boolean;
}

const sample = (JSON.parse(readFileSync(SAMPLE, 'utf8')) as { specialists: SampleSpecialist[] })
  .specialists;
/** What the page must show: the active ones by location, then name (sorted here, independently). */
const EXPECTED = sample
  .filter((specialist) => specialist.is_active)
  .sort((a, b) =>
    a.location === b.location ? (a.name < b.name ? -1 : 1) : a.location < b.location ? -1 : 1,
  );
const EXPECTED_GROUPS = [...new Set(EXPECTED.map((specialist) => specialist.location))].map(
  (location) => ({
    location,
    names: EXPECTED.filter((specialist) => specialist.location === location).map((s) => s.name),
  }),
);

/** The import command as ops run it, into the MongoDB the test profile's directory reads. */
function importSample(): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
      [join(REPO_ROOT, 'services', 'directory', 'src', 'import', 'import-cli.ts'), SAMPLE],
      { cwd: REPO_ROOT, env: { ...process.env, MONGO_URL: testInfra().mongoUrl }, timeout: 60_000 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
    );
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** KEY=value lines of the test profile's engine settings, as the supervisor gives them. */
function infraEnv(): Record<string, string> {
  const file = join(process.env.HANDCHECK_VAR_DIR ?? join(REPO_ROOT, 'var', 'test'), 'infra.env');
  if (!existsSync(file)) return {};
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => /^([A-Z_]+)=(.*)$/.exec(line.trim()))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1] as string, (m[2] as string).replace(/^"|"$/g, '')]),
  );
}

/** The built gateway in a process of its own, with the directory out of reach. */
async function startLonelyGateway(): Promise<{ origin: string; process: ChildProcess }> {
  const [port, metricsPort, closed] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(
    process.execPath,
    [join(REPO_ROOT, 'services', 'gateway', 'dist', 'main.js')],
    {
      cwd: join(REPO_ROOT, 'services', 'gateway'),
      env: {
        ...process.env,
        ...infraEnv(),
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        WEB_DIST_DIR: join(REPO_ROOT, 'web', 'dist'),
        DIRECTORY_GRPC_URL: `127.0.0.1:${closed}`,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`the gateway exited: ${stderr}`);
      const ready = await fetch(`${origin}/api/health/ready`);
      return ready.ok ? true : undefined;
    },
    30_000,
    250,
  ).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return { origin, process: child };
}

/** Start to results with the mouse, answering nothing (the directory shows whatever the result). */
async function reachResults(page: Page, origin: string) {
  await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.getByRole('button', { name: /Start Free Assessment/ }).click();
  await passEmergencyCheck(page);
  await finishToResults(page);
}

const browser = browserForTests();

describe('the specialist directory on the results screen', () => {
  it('shows the active specialists grouped by location, in order, accessibly', async () => {
    expect(await importSample()).toMatch(/^Imported \d+ specialist/m);
    // The gateway may hold an older list for up to its cache period (30 s): wait it out.
    await eventually(
      async () => {
        const answer = await fetch(`${BASE_URL}/api/specialists`);
        if (!answer.ok) return undefined;
        const { specialists } = (await answer.json()) as { specialists: Array<{ id: string }> };
        const ids = specialists.map((specialist) => specialist.id).join(',');
        return ids === EXPECTED.map((specialist) => specialist.id).join(',') ? true : undefined;
      },
      45_000,
      500,
    );

    const tab = await openPage(browser());
    try {
      await reachResults(tab.page, BASE_URL);
      const section = tab.page.getByTestId('specialist-directory');
      await section.waitFor();
      expect(await tab.page.getByTestId('directory-loading').count()).toBe(0);
      expect(
        await section.getByRole('heading', { level: 2, name: 'Specialist Directory' }).isVisible(),
      ).toBe(true);

      const groups = await section.getByTestId('directory-location').evaluateAll((nodes) =>
        nodes.map((node) => ({
          location: node.querySelector('h3')?.textContent ?? '',
          names: [...node.querySelectorAll('[data-testid="directory-specialist"]')].map(
            (item) => item.querySelector('p')?.textContent ?? '',
          ),
        })),
      );
      expect(groups).toEqual(EXPECTED_GROUPS);
      // Nobody inactive is shown.
      for (const inactive of sample.filter((specialist) => !specialist.is_active)) {
        expect(await section.getByText(inactive.name).count()).toBe(0);
      }

      // Each entry: name, note when there is one, clinic, and a link out in a new tab.
      const first = EXPECTED[0] as SampleSpecialist;
      const entry = section.getByTestId('directory-specialist').first();
      const text = await entry.innerText();
      expect(text).toContain(first.clinic);
      if (first.specialty_note) expect(text).toContain(first.specialty_note);
      const link = entry.getByRole('link');
      expect(await link.getAttribute('href')).toBe(first.url);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await link.textContent()).toContain('(opens in a new tab)');
      expect(await section.getByRole('link').count()).toBe(EXPECTED.length);

      expect(await axeViolations(tab.page)).toEqual([]);
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it('is hidden, with nothing shown to the visitor, when the directory cannot be reached', async () => {
    const lonely = await startLonelyGateway();
    try {
      const answer = await fetch(`${lonely.origin}/api/specialists`);
      expect(answer.status).toBe(503);

      const tab = await openPage(browser());
      try {
        await reachResults(tab.page, lonely.origin);
        // The failure is logged for us, not shown, once the 3 retries (7 s, spec §9) failed too.
        await eventually(
          async () => (tab.errors.some((error) => error.includes(LOAD_FAILURE)) ? true : undefined),
          20_000,
        );
        expect(await tab.page.getByTestId('specialist-directory').count()).toBe(0);
        expect(await tab.page.getByTestId('directory-loading').count()).toBe(0);
        expect(await tab.page.getByText('Specialist Directory').count()).toBe(0);
        // No error text of ours anywhere on the page (the results page has alerts of its own).
        expect(
          await tab.page.getByText(/Unable to load specialist|directory is unavailable/i).count(),
        ).toBe(0);
        // Only the internal message and Chromium's own note of the 503 reached the console.
        expect(
          tab.errors.filter(
            (error) => !error.includes(LOAD_FAILURE) && !error.includes('status of 503'),
          ),
        ).toEqual([]);
        // The rest of the results page is all there.
        expect(
          await tab.page.getByRole('button', { name: 'Start New Assessment' }).isVisible(),
        ).toBe(true);
        expect(await axeViolations(tab.page)).toEqual([]);
      } finally {
        await tab.close();
      }
    } finally {
      lonely.process.kill('SIGTERM');
    }
  });
});
