/// <reference lib="dom" />
/**
 * The explorer in Firefox ESR (WebDriver BiDi through puppeteer-core): sign-in, search, card, the
 * UBO network, and no request outside the API's origin. The full walk-through is in
 * explorer.test.ts (Chromium).
 */
import type { Page } from 'puppeteer-core';
import { type Harness, SAMPLE, startHarness } from '../support/harness';
import { type BrowserHandle, browserExecutable, openBrowser } from '../support/browser';

let h: Harness;
let b: BrowserHandle;
let page: Page;

beforeAll(async () => {
  browserExecutable('firefox');
  h = await startHarness({ files: [SAMPLE] });
  b = await openBrowser({ firefox: true });
  page = b.page;
});

afterAll(async () => {
  await b?.close();
  await h?.close();
});

test('Firefox: signs in, searches, opens the card and draws the ultimate owner', async () => {
  await page.goto(`${h.baseUrl}/explorer/`);
  await page.waitForSelector('#dev-sign-in', { visible: true });
  await page.click('#dev-sign-in');
  await page.waitForSelector('#app', { visible: true });
  await page.type('#q', 'northwind logistics');
  await page.waitForSelector('#results button[data-id="e-gb-northwind-logistics"] em');
  await page.click('#results button[data-id="e-gb-northwind-logistics"]');
  await page.waitForFunction(() => /^ubo: \d+ paths/.test(document.getElementById('graph-status')?.textContent ?? ''), { timeout: 20_000 });
  const ids = await page.$$eval('#node-list option', (opts) => opts.map((o) => (o as HTMLOptionElement).value));
  expect(ids).toEqual(expect.arrayContaining(['e-gb-northwind-logistics', 'p-viktor-antonov']));
  await b.screenshot('firefox-ubo');
  const outside = b.requests.filter((u) => !u.startsWith(`${h.baseUrl}/`) && !u.startsWith('blob:') && !u.startsWith('data:'));
  expect(outside).toEqual([]);
});
