import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** A CSP hash source, and nothing else: the file must not widen the policy. */
const HASH_SOURCE = /^'sha256-[A-Za-z0-9+/]{43}='$/;

/** The hash sources listed in a csp.json text; anything else in it is ignored. */
export function hashSources(text: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const list = (parsed as { scriptSrc?: unknown } | null)?.scriptSrc;
  return Array.isArray(list)
    ? list.filter((item): item is string => typeof item === 'string' && HASH_SOURCE.test(item))
    : [];
}

/**
 * The script sources the built site needs the CSP to allow: dist/csp.json,
 * written by web/scripts/prerender.mjs, holds the hash of the inline
 * bootstrap every page ends with. The file is read again when it changes
 * (looked at no more than once a second), so a site rebuilt under a running
 * gateway keeps its bootstrap allowed; no file, no extra source.
 */
export function siteScriptSources(distDir: string, now: () => number = Date.now) {
  const file = join(distDir, 'csp.json');
  let sources: string[] = [];
  let seenChange = -1;
  let lookedAt = -Infinity;
  return (): readonly string[] => {
    if (now() - lookedAt < 1000) return sources;
    lookedAt = now();
    let changed: number;
    try {
      changed = statSync(file).mtimeMs;
    } catch {
      // The same list each time, so its users see no change (securityHeaders).
      if (sources.length > 0) sources = [];
      seenChange = -1;
      return sources;
    }
    if (changed !== seenChange) {
      seenChange = changed;
      try {
        sources = hashSources(readFileSync(file, 'utf8'));
      } catch {
        sources = [];
      }
    }
    return sources;
  };
}
