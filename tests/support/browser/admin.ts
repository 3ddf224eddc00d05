import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { REPO_ROOT, testInfra } from '@handcheck/server-kit/testing';
import { gotoPage } from './browser';
import { browserForTests } from './hooks';

/**
 * Makes an admin in the test profile's MongoDB the way ops make one: `npm run admin:create`
 * (the gateway's CLI), the password on stdin.
 */
export function createAdmin(email: string, password: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
      [join(REPO_ROOT, 'services/gateway/src/auth/cli/create-admin.ts'), '--email', email],
      { cwd: REPO_ROOT, env: { ...process.env, MONGO_URL: testInfra().mongoUrl } },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`admin:create exited ${code}: ${output}`)),
    );
    child.stdin.end(`${password}\n`);
  });
}

/** Fills the sign-in form already on screen and presses Sign In (no wait for the answer). */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in from /admin/login and waits until the dashboard is at /admin. */
export async function signInAsAdmin(page: Page, email: string, password: string): Promise<void> {
  await gotoPage(page, '/admin/login');
  await submitSignIn(page, email, password);
  await page.waitForURL((url) => url.pathname === '/admin');
}

/** As signInAsAdmin, and waits for the dashboard's heading too. */
export async function signInToDashboard(
  page: Page,
  email: string,
  password: string,
): Promise<void> {
  await signInAsAdmin(page, email, password);
  await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
}

/** Makes the file's admin before its tests run, and gives them one Chromium (see browserForTests). */
export function adminAndBrowserForTests(email: string, password: string): () => Browser {
  beforeAll(() => createAdmin(email, password));
  return browserForTests();
}
