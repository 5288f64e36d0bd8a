/**
 * Adverse media on the sample graph: the sample feeds imported once each, articles linked to
 * the entities they name (variants and other scripts found by the resolver), GET
 * /v1/negative_news in the published client's shape with its topic and date filters, the graph
 * read through owners, a wrong link removed for one organisation only, and bad input.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { COMPONENT_SCHEMAS } from '../../src/http/openapiSchemas';
import { createSearchIndex } from '../../src/search';
import { NewsService } from '../../src/services/news';
import { ResolveService } from '../../src/services/resolve';
import { REPO } from '../support/env';
import { Call, Harness, SAMPLE, callAs, startHarness } from '../support/harness';

let h: Harness;
let news: NewsService;
let alice: Call;
let zed: Call;
const FEEDS = ['sample-rss.xml', 'sample-atom.xml'].map((f) => path.join(REPO, 'seed', 'news', f));
const feed = (i: number) => fs.readFileSync(FEEDS[i], 'utf8');
const ajv = new Ajv({ strict: false });
for (const [name, schema] of Object.entries(COMPONENT_SCHEMAS)) ajv.addSchema(schema as object, `#/components/schemas/${name}`);
const validArticle = ajv.compile({ $ref: '#/components/schemas/Article' });

beforeAll(async () => {
  h = await startHarness({ files: [SAMPLE] });
  news = new NewsService(h.graph, new ResolveService(createSearchIndex(h.config, h.graph)));
  alice = callAs(h, 'alice', 'org-news-a');
  zed = callAs(h, 'zed', 'org-news-z');
});
afterAll(async () => {
  await h.close();
});

const titles = (body: any[]) => body.map((a) => a.title);

describe('adverse media', () => {
  test('the sample feeds import once each: a second import finds nothing new', async () => {
    const first = await Promise.all([news.importFeed(feed(0), 'rss'), news.importFeed(feed(1), 'atom')]);
    expect(first.map((r) => [r.articles, r.new_articles, r.skipped.length])).toEqual([[5, 5, 0], [3, 3, 0]]);
    expect(first[0].links).toBeGreaterThanOrEqual(5);
    const again = await news.importFeed(feed(0), 'rss');
    expect(again.new_articles).toBe(0);
    const [row] = await h.graph.read('MATCH (a:Article) RETURN count(a) AS n');
    expect(Number(row.get('n'))).toBe(8);
  });

  test('GET /v1/negative_news answers the client\'s Article list for a name, newest first', async () => {
    const res = await alice('GET', '/v1/negative_news?name=Corvus%20Trading');
    expect([res.status, res.status === 200 ? '' : res.text]).toEqual([200, '']);
    expect(Array.isArray(res.body)).toBe(true);
    expect(titles(res.body)).toEqual(['Corvus Trading accused of helping shipowners evade sanctions']);
    const [a] = res.body;
    expect(validArticle(a)).toBe(true);
    expect(a).toEqual(expect.objectContaining({
      url: 'https://news.example.org/2026/11/corvus-trading-sanctions', source: 'Sample Wire (made-up news for the sample graph)',
      published: '2026-11-10T09:30:00.000Z', risk_flags: expect.arrayContaining(['Sanctions']), search_term: ['Corvus Trading', expect.arrayContaining(['sanction*'])],
    }));
  });

  test('a person named in several articles and scripts is found by a variant of the name', async () => {
    // "Viktor Antonov" in English and "Виктор Антонов" in Russian both name p-viktor-antonov.
    const res = await alice('GET', `/v1/negative_news?name=${encodeURIComponent('ANTONOV, Viktor Sergeyevich')}`);
    expect(res.status).toBe(200);
    expect(titles(res.body)).toEqual(expect.arrayContaining(['Corvus Trading accused of helping shipowners evade sanctions', 'Против «Северстрой» введены новые санкции']));
    const published = res.body.map((a: any) => a.published);
    expect([...published].sort().reverse()).toEqual(published);
  });

  test('topic and until filter the articles; overview means every topic', async () => {
    const all = await alice('GET', '/v1/negative_news?name=Promtekhbank');
    expect(titles(all.body)).toEqual(['Promtekhbank executives arrested in money laundering probe']);
    expect((await alice('GET', '/v1/negative_news?name=Promtekhbank&topic=financial')).body).toHaveLength(1);
    expect((await alice('GET', '/v1/negative_news?name=Promtekhbank&topic=overview')).body).toHaveLength(1);
    expect((await alice('GET', '/v1/negative_news?name=Promtekhbank&topic=terrorism')).body).toEqual([]);
    expect((await alice('GET', '/v1/negative_news?name=Promtekhbank&until=2026-09-01')).body).toHaveLength(1);
    expect((await alice('GET', '/v1/negative_news?name=Promtekhbank&until=2026-10-01')).body).toEqual([]);
  });

  test('an article with no risk in it keeps no topic; a name that resolves to nothing has no articles', async () => {
    const grain = await alice('GET', '/v1/negative_news?name=Steppe%20Grain%20Exports');
    expect(grain.body.map((a: any) => [a.title, a.risk_flags])).toEqual([['Steppe Grain Exports opens a new terminal', []]]);
    expect((await alice('GET', '/v1/negative_news?name=Quuxley%20Zanzibar%20Widgets')).body).toEqual([]);
  });

  test('an entity read carries the number of articles naming it and the newest ones', async () => {
    const corvus = await alice('GET', '/v1/entity/e-vg-corvus-trading');
    expect(corvus.status).toBe(200);
    expect(corvus.body.adverse_media).toEqual({ count: 1, latest: [expect.objectContaining({ title: 'Corvus Trading accused of helping shipowners evade sanctions', risk_flags: expect.arrayContaining(['Sanctions']) })] });
    expect((await alice('GET', '/v1/entity/e-gb-kensington-mews-properties')).body.adverse_media).toEqual({ count: 0, latest: [] });
  });

  test('GET /v1/entity/{id}/adverse_media reaches the news of an owner, with the path', async () => {
    const own = await alice('GET', '/v1/entity/e-cy-northwind-holdings/adverse_media?max_depth=0');
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual([]);
    const up = await alice('GET', '/v1/entity/e-cy-northwind-holdings/adverse_media?max_depth=1');
    const corvus = up.body.data.find((a: any) => a.entity_id === 'e-vg-corvus-trading');
    expect(corvus.path).toEqual([{ from: 'e-cy-northwind-holdings', relationship: 'has_shareholder', to: 'e-vg-corvus-trading' }]);
    expect((await alice('GET', '/v1/entity/no-such-entity/adverse_media')).status).toBe(404);
  });

  test('a wrong link removed by one organisation stays removed for it, after a new import too, and not for others', async () => {
    const read = (call: Call) => call('GET', '/v1/entity/e-gb-harbourline-shipping/adverse_media?max_depth=0');
    const [article] = (await read(alice)).body.data;
    expect(article.title).toBe('Harbourline Shipping fined over falsified cargo manifests');
    const del = await alice('DELETE', `/v1/entity/e-gb-harbourline-shipping/adverse_media/${article.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ entity_id: 'e-gb-harbourline-shipping', article_id: article.id, removed: true });
    await news.importFeed(feed(0), 'rss');
    expect(titles((await read(alice)).body.data)).not.toContain(article.title);
    expect(titles((await read(zed)).body.data)).toContain(article.title);
    expect((await alice('DELETE', `/v1/entity/e-gb-northwind-logistics/adverse_media/${article.id}`)).status).toBe(404);
    await h.flushFeeds();
    const history = await alice('GET', '/v1/history?events=adverse_media.link_removed');
    expect(JSON.stringify(history.body)).toContain(article.id);
  });

  test.each([
    ['/v1/negative_news', 'name'],
    ['/v1/negative_news?name=', 'name'],
    ['/v1/negative_news?name=x&topic=gossip', 'topic'],
    ['/v1/negative_news?name=x&until=2026-13-01', 'until'],
    ['/v1/negative_news?name=x&until=yesterday', 'until'],
    ['/v1/negative_news?name=x&limit=0', 'limit'],
    ['/v1/entity/e-vg-corvus-trading/adverse_media?max_depth=9', 'max_depth'],
    ['/v1/entity/e-vg-corvus-trading/adverse_media/not-an-id', 'article_id'],
  ])('bad input %s is a 400 naming %s', async (url, parameter) => {
    const res = await alice(url.endsWith('not-an-id') ? 'DELETE' : 'GET', url);
    expect(res.status).toBe(400);
    expect(res.body.message.join(' ')).toContain(parameter);
  });
});
