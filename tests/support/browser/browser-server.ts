/*
 * Global setup and teardown of the Jest projects with browser specs: one Chromium for the
 * whole run, which every spec file connects to (launchBrowser) instead of starting its own.
 * A launch costs about a second of CPU on a 2-core machine, and a run has a few dozen files;
 * each file still gets contexts of its own, so nothing is shared between them but the process.
 */
import { chromium, type BrowserServer } from 'playwright-core';
import { BROWSER_SERVER_ENV, CHROMIUM_LAUNCH } from './browser';

// Jest runs the setup and the teardown of a run in one process, and keeps its globals between them.
const running = globalThis as { handcheckBrowserServer?: BrowserServer };

export async function startBrowserServer(): Promise<void> {
  // Two projects of one run (e2e and faults) share the first one's browser.
  if (running.handcheckBrowserServer) return;
  const server = await chromium.launchServer(CHROMIUM_LAUNCH);
  running.handcheckBrowserServer = server;
  // Workers start after the global setup, with this environment.
  process.env[BROWSER_SERVER_ENV] = server.wsEndpoint();
}

export async function stopBrowserServer(): Promise<void> {
  const server = running.handcheckBrowserServer;
  running.handcheckBrowserServer = undefined;
  delete process.env[BROWSER_SERVER_ENV];
  await server?.close();
}
