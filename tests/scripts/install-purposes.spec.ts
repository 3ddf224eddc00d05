import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';

/*
 * scripts/install-system.sh installs what one command needs (the lists are in
 * scripts/install/purposes.sh): a first `make start` must install what runs the product and no
 * tool that only a test uses; each test command brings its own. `--list` prints what a purpose
 * needs without installing or checking anything.
 */
const ROOT = join(__dirname, '..', '..');
const SCRIPT = join(ROOT, 'scripts', 'install-system.sh');

type Purpose = 'start' | 'test' | 'scale' | 'deploy' | 'lighthouse';

/** What the purpose lists, as "<kind> <name>" (debian, pypi, toolchain, npm). */
function listed(purpose: Purpose): string[] {
  return execFileSync('bash', [SCRIPT, purpose, '--list'], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((line) => line.replace('\t', ' '));
}

const RUNNING = [
  'debian clickhouse-server',
  'debian clickhouse-client',
  'debian openjdk-17-jre-headless',
  'debian maven',
  'debian util-linux',
  'debian patch',
  'toolchain java>=17',
  'toolchain go>=1.25',
  'toolchain node>=20',
  'npm package-lock.json',
];
const TEST_TOOLS = ['debian chromium-headless-shell', 'pypi schemathesis', 'pypi chdb'];
const LIGHTHOUSE_TOOLS = ['debian chromium'];
const SCALE_TOOLS = ['debian zookeeper'];
const DEPLOY_TOOLS = [
  'debian containerd',
  'debian runc',
  'debian containernetworking-plugins',
  'debian iptables',
  'debian ipset',
  'debian conntrack',
];
const ALL_TOOLS = [...TEST_TOOLS, ...SCALE_TOOLS, ...DEPLOY_TOOLS, ...LIGHTHOUSE_TOOLS];

describe('scripts/install-system.sh purposes', () => {
  it('start installs what running the product needs', () => {
    expect(listed('start')).toEqual(expect.arrayContaining(RUNNING));
  });

  it('start installs none of the test tools', () => {
    const names = listed('start').map((item) => item.split(' ')[1]);
    const testOnly = ALL_TOOLS.map((item) => item.split(' ')[1]);
    expect(names.filter((name) => testOnly.includes(name))).toEqual([]);
    expect(names.filter((name) => /chrom|zookeeper|python3-venv/.test(name))).toEqual([]);
  });

  it.each<[Purpose, string[]]>([
    ['test', TEST_TOOLS],
    ['scale', SCALE_TOOLS],
    ['deploy', DEPLOY_TOOLS],
    ['lighthouse', LIGHTHOUSE_TOOLS],
  ])(
    '%s installs what start does, its own tools, and no tool of another command',
    (purpose, own) => {
      const items = listed(purpose);
      expect(items).toEqual(expect.arrayContaining([...RUNNING, ...own]));
      const others = ALL_TOOLS.filter((tool) => !own.includes(tool));
      expect(items.filter((item) => others.includes(item))).toEqual([]);
    },
  );

  it('lists each item once', () => {
    for (const purpose of ['start', 'test', 'scale', 'deploy', 'lighthouse'] as const) {
      const items = listed(purpose);
      expect(items).toEqual([...new Set(items)]);
    }
  });

  it('refuses a purpose it does not know', () => {
    const run = spawnSync('bash', [SCRIPT, 'everything', '--list'], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/usage: .*<start\|test\|scale\|deploy\|lighthouse>/);
  });
});
