/**
 * A real headless browser for the explorer's tests: Debian's Chromium (or `CHROMIUM_PATH`)
 * driven by puppeteer-core. Every request the page makes is recorded, so a test can assert that
 * none left the API's origin.
 */
import fs from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { REPO } from './env';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

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
    ? await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true, protocol: 'webDriverBiDi' })
    : await puppeteer.launch({
      executablePath: CHROMIUM, headless: true,
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
