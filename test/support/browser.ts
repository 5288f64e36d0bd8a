/**
 * A real headless browser for the explorer's tests: Debian's Chromium (or `CHROMIUM_PATH`), or
 * Firefox ESR (or `FIREFOX_PATH`), driven by puppeteer-core. Every request the page makes is recorded, so a test can assert that
 * none left the API's origin.
 */
import fs from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { REPO } from './env';

type BrowserKind = 'chromium' | 'firefox';

const BROWSERS: Record<BrowserKind, { name: string; env: string; commands: string[]; install: string; needed: string }> = {
  chromium: { name: 'Chromium', env: 'CHROMIUM_PATH', commands: ['chromium', 'chromium-browser'], install: 'apt-get install chromium', needed: 'npm test' },
  firefox: { name: 'Firefox', env: 'FIREFOX_PATH', commands: ['firefox-esr', 'firefox'], install: 'apt-get install firefox-esr', needed: 'npm run test:all' },
};

/**
 * The browser's executable: `CHROMIUM_PATH` / `FIREFOX_PATH` when set, else the first of its
 * commands on PATH. When there is none, an error saying how to get one (the explorer's tests
 * call this before anything else, so a missing browser fails them with that message).
 */
export function browserExecutable(kind: BrowserKind): string {
  const b = BROWSERS[kind];
  const configured = process.env[b.env];
  if (configured) {
    if (fs.existsSync(configured)) return configured;
    throw new Error(`${b.name} not found at ${b.env}=${configured}: set ${b.env} to the browser's executable, or unset it and ${b.install}`);
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    for (const command of b.commands) {
      const file = path.join(dir, command);
      if (fs.existsSync(file)) return file;
    }
  }
  throw new Error(`${b.name} not found (no ${b.commands.join(' or ')} on PATH, no ${b.env}); ${b.needed} drives it for the explorer's tests: `
    + `on Debian or Ubuntu \`${b.install}\`, or set ${b.env} to its executable`);
}

/** Where the tests write their step screenshots, for a reviewer to look at. */
export const SCREENSHOTS = path.join(REPO, '.data', 'explorer-screenshots');

export interface BrowserHandle {
  browser: Browser;
  page: Page;
  /** Every URL the page requested. */
  requests: string[];
  /** Console errors and CSP violations the page reported. */
  problems: string[];
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

export async function openBrowser(opts: { firefox?: boolean; downloads?: string; width?: number; height?: number } = {}): Promise<BrowserHandle> {
  if (opts.downloads) fs.mkdirSync(opts.downloads, { recursive: true });
  const browser = opts.firefox
    ? await puppeteer.launch({ browser: 'firefox', executablePath: browserExecutable('firefox'), headless: true, protocol: 'webDriverBiDi' })
    : await puppeteer.launch({
      executablePath: browserExecutable('chromium'), headless: true,
      downloadBehavior: opts.downloads ? { policy: 'allow', downloadPath: opts.downloads } : undefined,
      // No sandbox: CI runs as root in a container, where Chromium's sandbox cannot start.
      args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
  const page = await browser.newPage();
  await page.setViewport({ width: opts.width ?? 1280, height: opts.height ?? 800 });
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('request', (req) => { requests.push(req.url()); });
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`${msg.text()} [${msg.location()?.url ?? ''}]`); });
  page.on('pageerror', (err) => { problems.push(String(err)); });
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    browser, page, requests, problems,
    screenshot: async (name) => {
      const file = path.join(SCREENSHOTS, `${name}.png`);
      await page.screenshot({ path: file as `${string}.png` });
      return file;
    },
    close: () => browser.close(),
  };
}

/** Waits until `file` exists and has stopped growing (a finished download). */
export async function waitForFile(file: string, timeoutMs = 10_000): Promise<Buffer> {
  const until = Date.now() + timeoutMs;
  let last = -1;
  while (Date.now() < until) {
    if (fs.existsSync(file)) {
      const size = fs.statSync(file).size;
      if (size > 0 && size === last) return fs.readFileSync(file);
      last = size;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no download at ${file}`);
}
