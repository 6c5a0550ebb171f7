/**
 * Runs before `npm test` and `npm run test:e2e`: provides the system tools the tests need (Debian's
 * Chromium for the browser tests; PostgreSQL once its tests exist), so `npm install && npm test` is all a
 * newcomer runs. As root with apt it installs what is missing, quietly, with one line saying so; otherwise
 * it stops at once with the exact command to run — never a stack trace from inside a test.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Tool {
  /** What it is for, in the one line printed. */
  purpose: string;
  /** Debian package that provides it. */
  aptPackage: string;
  present(): boolean;
  /** Only needed when this holds (e.g. the tests that use it exist). */
  needed?(): boolean;
}

export const TOOLS: Tool[] = [
  {
    purpose: 'the benchmark and screenshots (tests/bench)',
    aptPackage: 'chromium',
    present: () => ['/usr/bin/chromium', '/usr/lib/chromium/chromium'].some((p) => existsSync(p)),
  },
  {
    // The browser tests' Chromium (tests/e2e/harness.ts): a browser context costs a fifth of the full browser's.
    purpose: 'the browser tests (tests/e2e, headless shell)',
    aptPackage: 'chromium-headless-shell',
    present: () => existsSync('/usr/lib/chromium/chromium-headless-shell'),
  },
  {
    purpose: 'the PostgreSQL store tests',
    aptPackage: 'postgresql',
    present: () => namesIn('/usr/lib/postgresql', (v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`)).length > 0,
    needed: () => namesIn('config-server/store', (n) => /(pg|postgres).*\.test\.ts$/.test(n)).length > 0,
  },
  {
    purpose: 'the live streams through a reverse proxy (config-server/live/live-proxy.timing.test.ts)',
    aptPackage: 'nginx-light',
    present: () => ['/usr/sbin/nginx', '/usr/bin/nginx'].some((p) => existsSync(p)),
    needed: () => existsSync('config-server/live/live-proxy.timing.test.ts'),
  },
];

/** Names in a folder matching a test (node 20 has no fs.glob); a missing folder has none. */
const namesIn = (dir: string, test: (name: string) => boolean) =>
  existsSync(dir) ? readdirSync(dir).filter(test) : [];

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = () => spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;

function install(packages: string[]): void {
  const log = join(mkdtempSync(join(tmpdir(), 'ensure-tools-')), 'apt.log');
  console.log(`Installing Debian's ${packages.join(', ')} for the tests (apt-get, once; log: ${log})`);
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const out = (args: string[]) =>
      execFileSync('apt-get', args, { env, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 }).toString();
    writeFileSync(log, out(['update', '-qq']) + out(['install', '-y', '-qq', ...packages]));
  } catch (e) {
    const err = e as { stdout?: Buffer; stderr?: Buffer; message: string };
    writeFileSync(log, `${err.stdout ?? ''}${err.stderr ?? ''}\n${err.message}`);
    console.error(
      `apt-get could not install ${packages.join(', ')}; the end of its output:\n${readFileSync(log, 'utf8').split('\n').slice(-15).join('\n')}`,
    );
    process.exit(1);
  }
}

/** The tools the tests need that this machine lacks. */
export const missingTools = (tools: Tool[] = TOOLS) => tools.filter((t) => (t.needed?.() ?? true) && !t.present());

/** What to tell someone who cannot install (not root, or no apt): the exact command. */
export const installHint = (missing: Tool[]) =>
  `The tests need ${missing.map((t) => `${t.aptPackage} (for ${t.purpose})`).join(' and ')}, which is not installed.\n` +
  `Install it, then run the tests again:\n  sudo apt-get update && sudo apt-get install -y ${missing.map((t) => t.aptPackage).join(' ')}`;

/**
 * `SKIP_PG=1` leaves the PostgreSQL suites out of a direct vitest run (config-server/testing/describe-postgres.ts);
 * a run through here is the whole gate, so it refuses to start with it rather than pass without them.
 */
export function refusedSkips(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.SKIP_PG === undefined) return undefined;
  return 'SKIP_PG is set: npm test runs every PostgreSQL suite and installs PostgreSQL if needed. Unset it: unset SKIP_PG';
}

export function ensureTools(tools: Tool[] = TOOLS): void {
  const refused = refusedSkips();
  if (refused) {
    console.error(refused);
    process.exit(1);
  }
  const missing = missingTools(tools);
  if (!missing.length) return;
  if (!isRoot() || !hasApt()) {
    console.error(installHint(missing));
    process.exit(1);
  }
  install(missing.map((t) => t.aptPackage));
  const still = missing.filter((t) => !t.present());
  if (still.length) {
    console.error(
      `${still.map((t) => t.aptPackage).join(', ')} installed but not found where the tests look: see tests/ensure-tools.ts`,
    );
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) ensureTools();
