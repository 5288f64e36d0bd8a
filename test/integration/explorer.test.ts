/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The explorer page in a real headless Chromium against the API with the sample data: sign-in,
 * search, card (with its adverse media), network modes, expansion, shortest path, exports, projects, and that the page
 * never runs data as HTML nor makes a request outside the API's origin; on each search backend.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { EXPLORER_CSP } from '../../src/http/explorer';
import { NotificationFeed } from '../../src/feeds/notifications';
import { FULL_RESCORE_REASON, RiskScorer } from '../../src/services/risk';
import { type Harness, SAMPLE, startHarness, writeNdjson } from '../support/harness';
import { type BrowserHandle, browserExecutable, openBrowser, waitForFile } from '../support/browser';
import { describeOnSearchBackends, testFull } from '../support/full';
import { REPO } from '../support/env';
import { createSearchIndex, drainPending, meiliOptions } from '../../src/search';
import { MeiliSearchIndex } from '../../src/search/meilisearch';
import { NewsService } from '../../src/services/news';
import { ResolveService } from '../../src/services/resolve';

const XSS_NAME = 'Zyxwvut <img src=x onerror="window.__xss=1"> Holdings';

let h: Harness;
let b: BrowserHandle;
let page: Page;
let downloads: string;

const text = (selector: string) => page.$eval(selector, (el) => el.textContent ?? '');
const nodeIds = () => page.$$eval('#node-list option', (opts) => opts.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
async function selectNode(id: string) {
  await page.select('#node-list', id);
}
/** Waits until the latest drawing asked for is on screen. */
async function settled() {
  await page.waitForFunction(() => {
    const s = document.getElementById('graph-status')!;
    return s.dataset.asked === s.dataset.drawn && !s.classList.contains('busy');
  }, { timeout: 20_000 });
}
async function waitStatus(pattern: RegExp) {
  await page.waitForFunction((src: string) => new RegExp(src).test(document.getElementById('graph-status')?.textContent ?? ''), { timeout: 20_000 }, pattern.source);
}

// The whole walk-through on each search backend; the Meilisearch pass (a second browser run) in the full run only.
describeOnSearchBackends('the explorer page', (backend) => {
  /** Step screenshots of the Meilisearch pass are kept beside the default backend's. */
  const shot = (name: string) => b.screenshot(backend === 'neo4j' ? name : `${backend}-${name}`);

  beforeAll(async () => {
    browserExecutable('chromium');
    if (!fs.existsSync(path.join(__dirname, '..', '..', 'web', 'index.html'))) throw new Error('dist/web is missing: run `npm run build`');
    h = await startHarness({ files: [SAMPLE], backend });
    await h.ingest(writeNdjson('xss.ndjson', [
      { kind: 'entity', id: 'e-xss', type: 'company', label: XSS_NAME, attributes: [{ field: 'name', value: XSS_NAME }] },
    ]));
    // Derived risk factors, as the worker would compute them after `npm start` loads the sample.
    const ids = (await h.graph.read('MATCH (e:Entity) RETURN e.id AS id')).map((r) => r.get('id') as string);
    await new RiskScorer(h.graph, new NotificationFeed(h.redis)).process(ids, FULL_RESCORE_REASON);
    // The sample news, as `npm start` loads it: the card lists the articles naming an entity.
    await new NewsService(h.graph, new ResolveService(createSearchIndex(h.config, h.graph))).importFeed(fs.readFileSync(path.join(REPO, 'seed', 'news', 'sample-rss.xml'), 'utf8'), 'sample-rss');
    // What the scoring and the import changed reaches Meilisearch as the worker's search-index job copies it.
    if (backend === 'meilisearch') await drainPending(h.graph, new MeiliSearchIndex(meiliOptions(h.config)!));
    downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'explorer-downloads-'));
    b = await openBrowser({ downloads });
    page = b.page;
  });

  afterAll(async () => {
    await b?.close();
    await h?.close();
  });

  test('is served with a strict Content-Security-Policy and no token', async () => {
    const res = await fetch(`${h.baseUrl}/explorer/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toBe(EXPLORER_CSP);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe');
    const config = await (await fetch(`${h.baseUrl}/explorer/config.json`)).json();
    expect(config).toEqual({ audience: h.config.serviceDomain, dev_client: { client_id: 'dev', client_secret: 'dev-secret' } });
    // The data stays behind the token; the icon browsers ask for on their own does not.
    expect((await fetch(`${h.baseUrl}/v1/entity/p-viktor-antonov`)).status).toBe(401);
    const icon = await fetch(`${h.baseUrl}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(await icon.text()).toMatch(/^<svg/);
  });

  test('signs in with a client id and secret, and refuses a wrong secret', async () => {
    await page.goto(`${h.baseUrl}/explorer`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('#dev-sign-in', { visible: true });
    await page.type('#client-id', 'dev');
    await page.type('#client-secret', 'wrong');
    await page.click('#sign-in-form button[type=submit]');
    await page.waitForFunction(() => /invalid client credentials/.test(document.getElementById('sign-in-error')?.textContent ?? ''));
    await shot('01-sign-in-refused');
    await page.$eval('#client-secret', (el) => { (el as HTMLInputElement).value = ''; });
    await page.type('#client-secret', 'dev-secret');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#app', { visible: true });
    expect(await page.$eval('#sign-in', (el) => (el as HTMLElement).hidden)).toBe(true);
    // The token is kept in memory only.
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length + document.cookie.length)).toBe(0);
    await shot('02-signed-in');
  });

  test('searches as you type, with highlighted matches and facets', async () => {
    await page.type('#q', 'northwind');
    await page.waitForSelector('#results button[data-id="e-gb-northwind-logistics"]');
    const em = await page.$eval('#results button[data-id="e-gb-northwind-logistics"] em', (el) => el.textContent);
    expect(em?.toLowerCase()).toBe('northwind');
    expect(await page.$$eval('#facets fieldset', (fs) => fs.map((f) => f.getAttribute('data-facet')))).toEqual(expect.arrayContaining(['entity_type', 'country', 'source', 'risk']));
    // A country facet narrows the results.
    await page.click('#facets fieldset[data-facet="country"] label:has(input) input');
    await page.waitForFunction(() => document.querySelectorAll('#results button').length === 1);
    await shot('03-search');
    await page.click('#facets fieldset[data-facet="country"] label:has(input) input');
    await page.waitForFunction(() => document.querySelectorAll('#results button').length === 2);
  });

  test('opens the card and draws the UBO network; expands a node; finds the ultimate owner', async () => {
    await page.$eval('#max-depth', (el) => { (el as HTMLInputElement).value = '1'; });
    await page.click('#results button[data-id="e-gb-northwind-logistics"]');
    await page.waitForFunction(() => document.getElementById('card-title')?.textContent?.includes('NORTHWIND LOGISTICS LIMITED'));
    expect(await text('#card')).toMatch(/Risk factors \([1-9]\d*\)/);
    // A derived factor with its level and why (its description, countries and value).
    const row = await page.$$eval('#card-risk tr', (rows) => rows.map((r) => r.textContent ?? '').find((t) => /owned by sanctioned entity/i.test(t)));
    expect(row).toMatch(/critical/);
    expect(row).toMatch(/countries: GBR, USA, XXX/);
    expect(await text('#card')).toMatch(/UK Companies House/);
    // The card's PDF report and CSV, fetched with the token and saved.
    await page.click('#card button[data-export="csv"]');
    expect((await waitForFile(path.join(downloads, 'e-gb-northwind-logistics.csv'))).toString('utf8')).toContain('NORTHWIND LOGISTICS LIMITED');
    await page.click('#card button[data-export="pdf"]');
    expect((await waitForFile(path.join(downloads, 'e-gb-northwind-logistics.pdf'), 30_000)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await waitStatus(/^ubo: /);
    let ids = await nodeIds();
    expect(ids).toEqual(expect.arrayContaining(['e-gb-northwind-logistics', 'e-cy-northwind-holdings']));
    expect(ids).not.toContain('e-vg-aldgate-ventures');
    await shot('04-card-ubo-depth-1');

    await selectNode('e-cy-northwind-holdings');
    await page.click('#expand');
    await page.waitForFunction(() => [...document.querySelectorAll('#node-list option')].some((o) => (o as HTMLOptionElement).value === 'e-vg-aldgate-ventures'));
    ids = await nodeIds();
    expect(ids).toEqual(expect.arrayContaining(['e-vg-aldgate-ventures', 'e-vg-corvus-trading']));
    await shot('05-expanded');

    await page.$eval('#max-depth', (el) => { (el as HTMLInputElement).value = '4'; });
    await page.select('#mode', 'downstream');
    await waitStatus(/^downstream: /);
    expect(await nodeIds()).not.toContain('p-viktor-antonov');
    await page.select('#mode', 'ubo');
    await waitStatus(/^ubo: /);
    ids = await nodeIds();
    expect(ids).toEqual(expect.arrayContaining(['p-viktor-antonov', 'p-elena-antonova']));
    await shot('06-ubo-depth-4');

    // Watchlist mode reaches the sanctioned owner; all-relationship mode draws other kinds of edge too.
    await page.select('#mode', 'watchlist');
    await settled();
    await waitStatus(/^watchlist: [1-9]\d* paths/);
    expect(await nodeIds()).toContain('p-viktor-antonov');
    await page.select('#mode', 'traversal');
    await settled();
    await waitStatus(/^traversal: [1-9]\d* paths/);
    expect((await nodeIds()).length).toBeGreaterThan(ids.length);
    await page.select('#mode', 'ubo');
    await settled();
    await waitStatus(/^ubo: /);
  });

  test('finds the shortest path between two selected entities', async () => {
    await selectNode('e-gb-northwind-logistics');
    await selectNode('p-viktor-antonov');
    await page.click('#shortest');
    await waitStatus(/^Shortest path: 3 steps/);
    expect(await text('#graph-status')).toContain('Viktor Sergeyevich ANTONOV');
    await shot('07-shortest-path');
  });

  test('exports GraphML with types, shares and the sanctioned mark, and PNG', async () => {
    // The export is of the network as drawn: wait for the last drawing to finish (a loaded machine lags).
    await settled();
    await page.click('#export-graphml');
    const graphml = (await waitForFile(path.join(downloads, 'network.graphml'))).toString('utf8');
    expect(graphml).toMatch(/^<\?xml/);
    expect(graphml).toContain('<graph id="explorer" edgedefault="directed">');
    const viktor = graphml.match(/<node id="p-viktor-antonov">([\s\S]*?)<\/node>/)?.[1] ?? '';
    expect(viktor).toContain('<data key="n_mark">sanctioned</data>');
    expect(viktor).toContain('<data key="n_type">person</data>');
    const edge = graphml.match(/<edge id="e-gb-northwind-logistics\|has_shareholder\|e-cy-northwind-holdings"[^>]*>([\s\S]*?)<\/edge>/)?.[1] ?? '';
    expect(edge).toContain('<data key="e_type">has_shareholder</data>');
    expect(edge).toContain('<data key="e_shares">100</data>');
    expect(edge).toContain('<data key="e_start_date">2016-03-01</data>');
    await page.click('#export-png');
    const png = await waitForFile(path.join(downloads, 'network.png'));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });

  test('marks a sanctioned entity in the results, the card and the graph', async () => {
    await page.$eval('#q', (el) => { (el as HTMLInputElement).value = ''; });
    await page.type('#q', 'antonov');
    await page.waitForSelector('#results button[data-id="p-viktor-antonov"]');
    expect(await page.$eval('#results button[data-id="p-viktor-antonov"]', (el) => el.getAttribute('data-mark'))).toBe('sanctioned');
    await page.click('#results button[data-id="p-viktor-antonov"]');
    await page.waitForFunction(() => document.getElementById('card-title')?.textContent?.includes('Viktor Sergeyevich ANTONOV'));
    expect(await text('#card-title .badge.sanctioned')).toBe('sanctioned');
    // The articles naming him, newest first, each a link to its own page with its risk flags.
    expect(await text('#card-news-count')).toBe('Adverse media (1)');
    const news = await page.$$eval('#card-news li', (items) => items.map((li) => ({ text: li.textContent ?? '', href: li.querySelector('a')?.getAttribute('href'), rel: li.querySelector('a')?.getAttribute('rel') })));
    expect(news).toEqual([{ text: expect.stringMatching(/^Corvus Trading accused of helping shipowners evade sanctions — Sample Wire .*, 2026-11-10Sanctions/), href: 'https://news.example.org/2026/11/corvus-trading-sanctions', rel: 'noopener noreferrer' }]);
    await waitStatus(/^ubo: \d+ paths from Viktor/);
    await shot('08-sanctioned');
    // Chrome would name a second download "network (1).graphml".
    fs.rmSync(path.join(downloads, 'network.graphml'), { force: true });
    await page.click('#export-graphml');
    const graphml = (await waitForFile(path.join(downloads, 'network.graphml'))).toString('utf8');
    expect(graphml).toMatch(/<node id="p-viktor-antonov">[\s\S]*?<data key="n_mark">sanctioned<\/data>/);
  });

  test('renders a script-injection attempt in an entity name as text', async () => {
    await page.$eval('#q', (el) => { (el as HTMLInputElement).value = ''; });
    await page.type('#q', 'zyxwvut');
    await page.waitForSelector('#results button[data-id="e-xss"]');
    expect(await text('#results button[data-id="e-xss"] .name')).toBe(XSS_NAME);
    expect(await page.$$eval('#results img', (imgs) => imgs.length)).toBe(0);
    await page.click('#results button[data-id="e-xss"]');
    await page.waitForFunction((name: string) => document.getElementById('card-title')?.textContent?.startsWith(name), {}, XSS_NAME);
    await waitStatus(/^ubo: 0 paths from Zyxwvut <img/);
    expect(await nodeIds()).toEqual(['e-xss']);
    expect(await page.$$eval('main img', (imgs) => imgs.length)).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await shot('09-xss-as-text');
  });

  test('lists projects, opens one with its entities and notifications', async () => {
    const created = await h.json('/v1/projects', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ label: 'Explorer review' }) });
    const projectId = created.body.data.id as string;
    await h.json(`/v1/projects/${projectId}/entities/create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ entity_ids: ['p-viktor-antonov'] }) });
    await page.click('nav button[data-panel="projects-panel"]');
    // The list was read at sign-in; signing in again reads it anew.
    await page.click('#sign-out');
    await page.waitForSelector('#sign-in', { visible: true });
    // Nothing read with the old token stays on the page.
    expect(await page.$eval('#card', (el) => el.childElementCount)).toBe(0);
    expect(await page.$eval('#q', (el) => (el as HTMLInputElement).value)).toBe('');
    await page.click('#dev-sign-in');
    await page.waitForSelector(`#projects button[data-project="${projectId}"]`, { visible: true });
    await page.click(`#projects button[data-project="${projectId}"]`);
    await page.waitForSelector('#project-entities button[data-id="p-viktor-antonov"]');
    expect(await text('#project-entities button[data-id="p-viktor-antonov"]')).toMatch(/match: .*sanctioned.*risk factors, highest critical/);
    await page.waitForFunction(() => (document.getElementById('notifications')?.childElementCount ?? 0) > 0);
    await shot('10-projects');
  });

  test('stays usable in a narrow window', async () => {
    await page.setViewport({ width: 480, height: 900 });
    await page.click('nav button[data-panel="search-panel"]');
    const box = await page.$eval('#q', (el) => el.getBoundingClientRect().width);
    expect(box).toBeGreaterThan(300);
    await shot('11-narrow');
    await page.setViewport({ width: 1280, height: 800 });
  });

  // Waits for a token to expire; `npm run test:all` takes it.
  testFull('signs out when the token expires', async () => {
    const second = await b.browser.newPage();
    await second.setRequestInterception(true);
    // The API's tokens last a day: the answer is shortened to 2 s to see the page sign out.
    second.on('request', async (req) => {
      if (!req.url().endsWith('/oauth/token')) return void req.continue();
      const res = await fetch(req.url(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: req.postData() });
      const body = await res.json();
      await req.respond({ status: res.status, contentType: 'application/json', body: JSON.stringify({ ...body, expires_in: 2 }) });
    });
    await second.goto(`${h.baseUrl}/explorer/`);
    await second.waitForSelector('#dev-sign-in', { visible: true });
    await second.click('#dev-sign-in');
    await second.waitForSelector('#app', { visible: true });
    await second.waitForSelector('#sign-in', { visible: true, timeout: 10_000 });
    expect(await second.$eval('#sign-in-error', (el) => el.textContent)).toMatch(/expired/);
    expect(await second.$eval('#app', (el) => (el as HTMLElement).hidden)).toBe(true);
    await second.close();
  });

  // A second network drawn in the browser; `npm run test:all` takes it.
  testFull('honours former relationships and relationship types', async () => {
    await page.$eval('#q', (el) => { (el as HTMLInputElement).value = ''; });
    await page.type('#q', 'harbourline group');
    await page.waitForSelector('#results button[data-id="e-gb-harbourline-group"]');
    await page.click('#results button[data-id="e-gb-harbourline-group"]');
    await waitStatus(/^ubo: \d+ paths from HARBOURLINE GROUP/i);
    expect(await nodeIds()).toEqual(expect.arrayContaining(['p-oliver-grant', 'p-andreas-georgiou']));
    expect(await nodeIds()).not.toContain('e-vg-corvus-trading');
    // Held 25% by Corvus until 2019-06-30: drawn, dashed, once former relationships are included.
    await page.click('#former');
    await settled();
    await page.waitForFunction(() => [...document.querySelectorAll('#node-list option')].some((o) => (o as HTMLOptionElement).value === 'e-vg-corvus-trading'), { timeout: 20_000 });
    fs.rmSync(path.join(downloads, 'network.graphml'), { force: true });
    await page.click('#export-graphml');
    let graphml = (await waitForFile(path.join(downloads, 'network.graphml'))).toString('utf8');
    const former = graphml.match(/<edge id="e-gb-harbourline-group\|has_shareholder\|e-vg-corvus-trading"[^>]*>([\s\S]*?)<\/edge>/)?.[1] ?? '';
    expect(former).toContain('<data key="e_former">true</data>');
    expect(former).toContain('<data key="e_end_date">2019-06-30</data>');
    await shot('12-former-relationship');
    await page.click('#former');
    // Only has_beneficial_owner: no shareholder edge is drawn.
    await page.select('#relationships', 'has_beneficial_owner');
    await settled();
    await waitStatus(/^ubo: \d+ paths from HARBOURLINE GROUP/i);
    fs.rmSync(path.join(downloads, 'network.graphml'), { force: true });
    await page.click('#export-graphml');
    graphml = (await waitForFile(path.join(downloads, 'network.graphml'))).toString('utf8');
    const types = [...graphml.matchAll(/<data key="e_type">([^<]*)<\/data>/g)].map((m) => m[1]);
    expect(types.every((t) => t === 'has_beneficial_owner')).toBe(true);
    expect(graphml).not.toContain('e-vg-corvus-trading');
    await page.select('#relationships');
  });

  test('made no request outside the API origin and broke no CSP rule', () => {
    const outside = b.requests.filter((u) => !u.startsWith(`${h.baseUrl}/`) && !u.startsWith('blob:') && !u.startsWith('data:'));
    expect(outside).toEqual([]);
    expect(b.problems.filter((p) => /Content.Security.Policy|Refused to/i.test(p))).toEqual([]);
    // The one console error is the wrong secret's refusal at sign-in (a browser logs every 4xx it fetched).
    expect(b.problems.filter((p) => !/status of 401 .*\/oauth\/token\]$/.test(p))).toEqual([]);
  });
});
