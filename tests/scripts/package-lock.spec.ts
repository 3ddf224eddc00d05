import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * scripts/install-system.sh installs with `npm ci`, which installs the lock as written: an
 * optional dependency the lock leaves out (a platform's native binary) is then missing on
 * that platform, and npm never adds it back to an existing lock by itself.
 */
interface LockedPackage {
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};

/** Where Node would find `name` from the package at `path`: its own node_modules, then each parent's. */
function resolves(path: string, name: string): boolean {
  for (let base = path; ; base = base.slice(0, Math.max(0, base.lastIndexOf('/node_modules/')))) {
    if (lock.packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
  }
}

describe('package-lock.json', () => {
  it("lists every package's optional dependencies, every platform's", () => {
    const missing = Object.entries(lock.packages).flatMap(([path, pkg]) =>
      Object.keys(pkg.optionalDependencies ?? {})
        .filter((name) => !resolves(path, name))
        .map((name) => `${path || '(root)'} → ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
