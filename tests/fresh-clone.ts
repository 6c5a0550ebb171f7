/**
 * `npx tsx tests/fresh-clone.ts`: what a newcomer does, checked. Clones this repository into a temporary
 * folder, reads the two command lines from the README's "Run it" block (the README text, not a copy), runs
 * the start line and checks that the server answers and that every demo link it prints opens a real screen
 * in Chromium, then runs the test line and checks it passes. Prints each step with its time. Long (npm
 * install compiles better-sqlite3, then the whole test suite runs): not part of `npm test`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATHS } from './e2e/harness';

const repo = resolve(import.meta.dirname, '..');
const started = Date.now();
const log = (msg: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}`);

/** The README's command lines under "## Run it", comments dropped. */
export function readmeCommands(readme: string): { start: string; test: string } {
  const section = readme.split(/^## /m).find((s) => s.startsWith('Run it'));
  const block = section && /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  const lines = (block ?? '')
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter(Boolean);
  const start = lines.find((l) => / npm start$/.test(l));
  const test = lines.find((l) => / npm test$/.test(l));
  if (!start || !test)
    throw new Error('README "## Run it" has no ```sh block with an `... npm start` and an `... npm test` line');
  return { start, test };
}

const freePort = () =>
  new Promise<number>((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

async function checkStart(dir: string, line: string): Promise<void> {
  const port = await freePort();
  log(`$ ${line}   (PORT=${port})`);
  const child: ChildProcess = spawn('sh', ['-c', line], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    detached: true,
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  try {
    const deadline = Date.now() + 10 * 60_000;
    while (!/Ops console: /.test(out)) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`npm start did not print its banner:\n${out.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const banner = out.slice(out.indexOf('config server on'));
    log(`server answered; its banner:\n${banner.trim()}`);
    const links = [...banner.matchAll(/^ {2}(\S.*?)\s{2,}(http:\/\/\S+)$/gm)].map((m) => ({ flow: m[1], url: m[2] }));
    if (links.length < 5) throw new Error(`expected a demo link per flow, got ${links.length}`);
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATHS.find((p) => spawnSync('test', ['-x', p]).status === 0),
      args: CHROMIUM_ARGS,
    });
    try {
      for (const { flow, url } of links) {
        const page = await browser.newPage({ viewport: { width: 375, height: 667 } });
        await page.goto(url);
        await page.locator('main, [role=main], h1').first().waitFor({ timeout: 15000 });
        await page.waitForTimeout(500);
        const text = await page.locator('body').innerText();
        if (/Halaman belum tersedia|Halaman tidak ditemukan|Page not found/i.test(text))
          throw new Error(`${flow} (${url}) opens no real screen:\n${text.slice(0, 300)}`);
        log(
          `  ${flow}: ${url} → "${text
            .split('\n')
            .find((l) => l.trim())
            ?.slice(0, 60)}"`,
        );
        await page.close();
      }
    } finally {
      await browser.close();
    }
  } finally {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
}

function checkTest(dir: string, line: string): void {
  log(`$ ${line}`);
  const r = spawnSync('sh', ['-c', line], {
    cwd: dir,
    env: process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const tail = `${r.stdout}${r.stderr}`
    .split('\n')
    .filter((l) => /Test Files|Tests |passed|failed|Duration/.test(l))
    .slice(-8)
    .join('\n');
  if (r.status !== 0)
    throw new Error(`the test line failed (exit ${r.status}):\n${`${r.stdout}${r.stderr}`.slice(-4000)}`);
  log(`tests passed:\n${tail}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = join(mkdtempSync(join(tmpdir(), 'sdui-fresh-')), 'clone');
  const { start, test } = readmeCommands(readFileSync(join(repo, 'README.md'), 'utf8'));
  try {
    log(`git clone ${repo} ${dir}`);
    const c = spawnSync('git', ['clone', '-q', repo, dir], { encoding: 'utf8' });
    if (c.status !== 0) throw new Error(c.stderr);
    await checkStart(dir, start);
    checkTest(dir, test);
    log('fresh clone: OK');
  } catch (e) {
    log(`fresh clone: FAILED\n${(e as Error).message}`);
    process.exitCode = 1;
  } finally {
    rmSync(join(dir, '..'), { recursive: true, force: true });
  }
}
