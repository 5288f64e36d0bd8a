/// <reference lib="dom" />
/**
 * Neo4j Browser on a local Neo4j that `services up` starts with it (NEO4J_LOCAL_BROWSER_PORT),
 * in a real headless Chromium: the page answers on loopback, connects over Bolt (WebSocket)
 * without credentials, plays the graph-model guide from the API, and the guide's first query
 * shows the sample's entities. This Neo4j has ports and a data dir of its own (not 7474/7687,
 * which a developer's `npm start` uses) and is stopped at the end.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { loadConfig, type Config } from '../../src/config';
import { browserReachable, guideUrl } from '../../src/devservices/neo4jProcess';
import { formatStatus, servicesDown, servicesStatus, servicesUp } from '../../src/devservices/localServices';
import { tcpOpen } from '../../src/devservices/probes';
import { NotificationFeed } from '../../src/feeds/notifications';
import { migrate } from '../../src/graph/migrate';
import { Graph } from '../../src/graph/neo4j';
import { ingestFile } from '../../src/ingest/ingest';
import { FULL_RESCORE_REASON, RiskScorer } from '../../src/services/risk';
import { type BrowserHandle, browserExecutable, openBrowser } from '../support/browser';
import { REPO, testEnv } from '../support/env';
import { guideBlocks } from '../support/guide';
import { type Harness, SAMPLE, startHarness } from '../support/harness';

const BOLT_PORT = 7751;
const BROWSER_PORT = 7752;
const DATA_DIR = path.join(REPO, '.data', 'neo4j-browser-test');
/** Where the screenshot docs/data-engineers.md shows is written. */
const DOC_SCREENSHOT = path.join(REPO, 'docs', 'images', 'neo4j-browser-guide.png');

jest.setTimeout(300_000);

let h: Harness;
let config: Config;
let graph: Graph;
let b: BrowserHandle;
let page: Page;
/** Every URL that got an answer (a request the CSP refused gets none). */
const answeredFrom: string[] = [];

const bodyText = () => page.evaluate(() => document.body.innerText);
async function waitText(pattern: RegExp, timeout = 60_000) {
  await page.waitForFunction((src: string) => new RegExp(src).test(document.body.innerText), { timeout }, pattern.source);
}

beforeAll(async () => {
  browserExecutable('chromium');
  // The API that serves the guide (on the test services; the guide is a static file).
  h = await startHarness({ wipe: false });
  config = loadConfig({
    ...testEnv(),
    NEO4J_URI: `bolt://127.0.0.1:${BOLT_PORT}`,
    GRAPH_API_DATA_DIR: DATA_DIR,
    NEO4J_LOCAL_BROWSER_PORT: String(BROWSER_PORT),
    NEO4J_LOCAL_HEAP_MB: '512',
    NEO4J_LOCAL_PAGECACHE_MB: '128',
    PORT: new URL(h.baseUrl).port,
  });
  const pidFile = path.join(DATA_DIR, 'run', 'neo4j.pid');
  if (!fs.existsSync(pidFile) && ((await tcpOpen('127.0.0.1', BOLT_PORT)) || (await tcpOpen('127.0.0.1', BROWSER_PORT)))) {
    throw new Error(`ports ${BOLT_PORT}/${BROWSER_PORT} are taken by a server this test did not start`);
  }
  // A Neo4j left running by an interrupted run was started for another API port: start afresh.
  await servicesDown(config, () => undefined);
  await servicesUp(config, (msg) => process.stderr.write(`[browser neo4j] ${msg}\n`));
  graph = new Graph(config);
  await migrate(graph);
  await graph.deleteNodes();
  await ingestFile(graph, SAMPLE, { batchSize: 500 });
  const ids = (await graph.read('MATCH (e:Entity) RETURN e.id AS id')).map((r) => r.get('id') as string);
  await new RiskScorer(graph, new NotificationFeed(h.redis)).process(ids, FULL_RESCORE_REASON);
  b = await openBrowser({ width: 1400, height: 900 });
  page = b.page;
  page.on('response', (res) => { answeredFrom.push(res.url()); });
});

afterAll(async () => {
  await b?.close();
  await graph?.close();
  if (config) await servicesDown(config, (msg) => process.stderr.write(`[browser neo4j] ${msg}\n`));
  await h?.close();
});

describe('Neo4j Browser on the local Neo4j', () => {
  test('answers on loopback only, with no HTTP Cypher endpoint, and `services status` names it', async () => {
    expect(await browserReachable(config)).toBe(true);
    const discovery = await (await fetch(`http://127.0.0.1:${BROWSER_PORT}/`, { headers: { Accept: 'application/json' } })).json();
    expect(discovery).toMatchObject({ bolt_direct: `bolt://127.0.0.1:${BOLT_PORT}` });
    const tx = await fetch(`http://127.0.0.1:${BROWSER_PORT}/db/neo4j/tx/commit`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ statements: [{ statement: 'RETURN 1' }] }),
    });
    expect(tx.status).toBe(404);
    const page = await fetch(`http://127.0.0.1:${BROWSER_PORT}/browser/`);
    expect(page.status).toBe(200);
    // Only this server and the guide's API: no fonts, analytics or scripts from elsewhere.
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${BOLT_PORT} http://127.0.0.1:${BOLT_PORT} ${new URL(h.baseUrl).origin}`);
    expect(csp).not.toMatch(/segment|canny|googleapis/);
    const status = await servicesStatus(config);
    expect(status.browser).toEqual({ url: `http://127.0.0.1:${BROWSER_PORT}/browser/`, reachable: true });
    expect(formatStatus(status)).toMatch(new RegExp(`\\nbrowser +http://127\\.0\\.0\\.1:${BROWSER_PORT}/browser/ +reachable`));
  });

  test('connects without credentials, plays the guide, and its first query shows the sample', async () => {
    await page.goto(`http://127.0.0.1:${BROWSER_PORT}/browser/`, { waitUntil: 'networkidle0', timeout: 60_000 });
    await page.waitForSelector('[data-testid=boltaddress]', { timeout: 60_000 });
    expect(await page.$eval('[data-testid=boltaddress]', (el) => (el as HTMLInputElement).value)).toBe(`127.0.0.1:${BOLT_PORT}`);
    await page.select('[data-testid=bolt-scheme-select]', 'bolt://');
    await page.select('[data-testid=authenticationMethod]', 'NO_AUTH');
    await page.click('[data-testid=connect]');
    // Once connected the Browser runs its post-connect command: the guide, fetched from the API.
    await waitText(/The entity graph/);
    expect(await bodyText()).toContain(`:play ${guideUrl(config)}`);

    // Clicking a runnable block puts it in the editor; run it there.
    const first = guideBlocks()[0].text;
    const block = await page.waitForSelector('pre.runnable');
    expect((await block!.evaluate((el) => el.textContent ?? '')).trim()).toBe(first);
    // A click event on the block itself: the guide's frame may lay the block out under another
    // element for a while, which a click at the block's screen point would hit instead.
    await block!.evaluate((el) => (el as HTMLElement).click());
    await page.click('[data-testid=editor-Run]');
    // Its rows, as the driver reads them: each type's count and example ids appear in the result.
    const rows = (await graph.read(first)).map((r) => ({ type: r.get('type') as string, entities: Number(r.get('entities')), examples: r.get('examples') as string[] }));
    expect(rows.reduce((n, r) => n + r.entities, 0)).toBe(229);
    const shown = [...rows.flatMap((r) => r.examples), ...rows.map((r) => String(r.entities))];
    await page.waitForFunction((ids: string[]) => {
      const frames = [...document.querySelectorAll('[data-testid=frame]')].map((f) => (f as HTMLElement).innerText);
      return frames.some((t) => ids.every((id) => t.includes(id)));
    }, { timeout: 60_000 }, shown).catch(async (err) => {
      await b.screenshot('neo4j-browser-failure');
      throw err;
    });
    expect(await bodyText()).not.toMatch(/Neo\.ClientError/);

    // The screenshot of the Browser with the guide, for docs/data-engineers.md.
    await page.evaluate(() => window.scrollTo(0, 0));
    fs.mkdirSync(path.dirname(DOC_SCREENSHOT), { recursive: true });
    await page.screenshot({ path: DOC_SCREENSHOT as `${string}.png` });
    await b.screenshot('neo4j-browser-guide');
    // The page asks for fonts, analytics and error reporting elsewhere; the CSP refused them all.
    expect(answeredFrom.filter((url) => !/^(http|ws):\/\/127\.0\.0\.1:/.test(url) && !url.startsWith('data:'))).toEqual([]);
  });
});
