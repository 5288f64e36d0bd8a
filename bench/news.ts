/**
 * Adverse media (BENCH_ONLY=news): quality of the topics and of the name links on the labelled
 * sets of bench/data/news-topics and bench/data/news-linking (each split into a fitting and a
 * held-out half; see their READMEs), then the time to import a feed of BENCH_NEWS_ARTICLES
 * generated articles (default 2,000) on the generated graph of BENCH_NEWS_ENTITIES entities
 * (default 10,000) and the p50 of GET /v1/negative_news for names those articles link.
 * BENCH_NEWS_TOPICS_ONLY=1 measures the topics alone, without Neo4j. Misses are listed for the
 * fitting half only (BENCH_NEWS_SHOW of each kind, default 6).
 * Leaves the bench graph as it found it: the set's entities and every article are removed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NEWS_TOPICS } from '../src/domain/newsTopics';
import { ingestFile } from '../src/ingest/ingest';
import { NewsService } from '../src/services/news';
import { linkTexts } from '../src/services/news/linking';
import { classify } from '../src/services/news/topics';
import { ResolveService } from '../src/services/resolve';
import type { Graph } from '../src/graph/neo4j';
import { benchGraph, measureHttp, ms, REPO, say, sample, startApp, table } from './common';
import { benchSearchIndex } from './searchBackend';
import { ensureGeneratedGraph } from './searchData';

const DATA = path.join(REPO, 'bench', 'data');
const HALVES = ['fitting', 'held_out'] as const;

interface TopicItem { id: string; lang: string; half: string; title: string; snippet: string; topics: string[] }
interface LinkItem { id: string; lang: string; half: string; title: string; snippet: string; about: string[]; not_about: string[] }

const readJsonl = <T>(file: string): T[] => fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as T);
const ratio = (a: number, b: number) => (b === 0 ? '-' : (a / b).toFixed(3));
const textOf = (i: { title: string; snippet: string }) => `${i.title}\n${i.snippet}`;

function topicQuality(items: TopicItem[]): void {
  const families = NEWS_TOPICS.filter((t) => t !== 'overview');
  for (const half of HALVES) {
    const part = items.filter((i) => i.half === half);
    const rows: (string | number)[][] = [['topic', 'labelled', 'precision', 'recall', 'false', 'missed']];
    let tpAll = 0, fpAll = 0, fnAll = 0;
    const found = new Map(part.map((i) => [i.id, classify(textOf(i)).topics as string[]]));
    for (const t of families) {
      let tp = 0, fp = 0, fn = 0;
      for (const i of part) {
        const got = found.get(i.id)!.includes(t);
        const want = i.topics.includes(t);
        if (got && want) tp += 1;
        else if (got) fp += 1;
        else if (want) fn += 1;
      }
      tpAll += tp; fpAll += fp; fnAll += fn;
      rows.push([t, tp + fn, ratio(tp, tp + fp), ratio(tp, tp + fn), fp, fn]);
    }
    rows.push(['all', tpAll + fnAll, ratio(tpAll, tpAll + fpAll), ratio(tpAll, tpAll + fnAll), fpAll, fnAll]);
    const quiet = part.filter((i) => i.topics.length === 0);
    const alarms = quiet.filter((i) => found.get(i.id)!.length > 0);
    say(`topics, ${half} half: ${part.length} items (${quiet.length} with no risk topic, ${alarms.length} of them given one)`);
    table(rows);
    const langs = [...new Set(part.map((i) => i.lang))];
    say(`  recall by language: ${langs.map((l) => {
      const risky = part.filter((i) => i.lang === l && i.topics.length);
      return `${l} ${ratio(risky.filter((i) => i.topics.every((t) => found.get(i.id)!.includes(t))).length, risky.length)}`;
    }).join(', ')}`);
    // Only the fitting half's items are shown: the held-out half is for figures, not for choosing phrases.
    if (half !== 'fitting') continue;
    const shown = Number(process.env.BENCH_NEWS_SHOW ?? 6);
    for (const i of [...part.filter((x) => x.topics.some((t) => !found.get(x.id)!.includes(t))).slice(0, shown), ...alarms.slice(0, shown)]) {
      say(`    ${i.id} want ${JSON.stringify(i.topics)} got ${JSON.stringify(found.get(i.id))}: ${i.title}`);
    }
  }
}

async function linkQuality(resolver: ResolveService, items: LinkItem[]): Promise<void> {
  for (const half of HALVES) {
    const part = items.filter((i) => i.half === half);
    const links = await linkTexts(resolver, part.map(textOf));
    let tp = 0, fp = 0, fn = 0, labelledNegatives = 0, negativesLinked = 0;
    const misses: string[] = [];
    part.forEach((item, k) => {
      const got = new Set(links[k].map((l) => l.entity));
      for (const id of item.about) {
        if (got.has(id)) tp += 1;
        else {
          fn += 1;
          misses.push(`    missed ${id} in ${item.id}: ${item.title}`);
        }
      }
      for (const id of got) {
        if (item.about.includes(id)) continue;
        fp += 1;
        misses.push(`    wrong ${id} (${links[k].find((l) => l.entity === id)!.text}) in ${item.id}: ${item.title}`);
      }
      labelledNegatives += item.not_about.length;
      negativesLinked += item.not_about.filter((id) => got.has(id)).length;
    });
    const pairs = part.reduce((n, i) => n + i.about.length + i.not_about.length, 0);
    say(`links, ${half} half: ${part.length} articles, ${pairs} labelled pairs: precision ${ratio(tp, tp + fp)} (every link counted, ${fp} wrong), recall ${ratio(tp, tp + fn)} (${fn} of ${tp + fn} missed), labelled non-matches linked ${negativesLinked} of ${labelledNegatives}`);
    for (const m of misses.slice(0, 8)) say(m);
  }
}

/** A feed of `n` generated articles, each naming one or two of `names`. */
function generatedFeed(names: string[], n: number, run: string): string {
  const lines = [
    (a: string) => `${a} under investigation after customs seized a cargo`,
    (a: string, b: string) => `${a} and ${b} named in a court filing over unpaid invoices`,
    (a: string) => `${a} reports higher quarterly revenue`,
    (a: string, b: string) => `Prosecutors question ${a} about payments to ${b}`,
    (a: string) => `${a} opens a new distribution centre`,
  ];
  const pick = sample(names, n * 2, 11);
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const items = Array.from({ length: n }, (_, i) => {
    const title = lines[i % lines.length](pick[2 * i], pick[2 * i + 1]);
    const day = String(1 + (i % 28)).padStart(2, '0');
    return `<item><title>${esc(title)}</title><link>https://bench.example.org/${run}/${i}</link><pubDate>${new Date(`2026-11-${day}T08:00:00Z`).toUTCString()}</pubDate><description>${esc(`${title}. The report cites people familiar with the matter.`)}</description></item>`;
  });
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Bench wire</title><language>en</language>${items.join('')}</channel></rss>`;
}

async function removeBenchData(graph: Graph): Promise<void> {
  await graph.write("MATCH (a:Article) WHERE a.url STARTS WITH 'https://bench.example.org/' DETACH DELETE a");
  await graph.write("MATCH (n) WHERE (n:Entity OR n:Source OR n:Record) AND (n.id STARTS WITH 'nl-' OR n.id = 'news-linking-src') DETACH DELETE n");
}

export async function run(): Promise<void> {
  const entities = Number(process.env.BENCH_NEWS_ENTITIES ?? 10_000);
  const articles = Number(process.env.BENCH_NEWS_ARTICLES ?? 2_000);
  if (process.env.BENCH_NEWS_TOPICS_ONLY === '1') {
    say('\n== news: topic quality on the labelled set (BENCH_NEWS_TOPICS_ONLY=1: no graph, no links, no import)');
    topicQuality(readJsonl<TopicItem>(path.join(DATA, 'news-topics', 'topics.jsonl')));
    return;
  }
  say(`\n== news: topic and link quality on the labelled sets; import of ${articles} generated articles and /v1/negative_news on ${entities} generated entities`);
  const { config, graph } = await benchGraph();
  try {
    await ensureGeneratedGraph(graph, entities);
    await removeBenchData(graph);

    topicQuality(readJsonl<TopicItem>(path.join(DATA, 'news-topics', 'topics.jsonl')));

    await ingestFile(graph, path.join(DATA, 'news-linking', 'entities.ndjson'), { batchSize: 2000, atomic: false });
    const resolver = new ResolveService(await benchSearchIndex(graph));
    await linkQuality(resolver, readJsonl<LinkItem>(path.join(DATA, 'news-linking', 'articles.jsonl')));

    const names = (await graph.read("MATCH (e:Entity) WHERE NOT e.id STARTS WITH 'nl-' AND e.label IS NOT NULL RETURN e.label AS name LIMIT 5000")).map((r) => r.get('name') as string);
    const xml = generatedFeed(names, articles, String(Date.now()));
    const file = path.join(os.tmpdir(), 'graph-api-bench-news.xml');
    fs.writeFileSync(file, xml);
    const news = new NewsService(graph, resolver);
    const t0 = Date.now();
    const report = await news.importFeed(fs.readFileSync(file, 'utf8'), file);
    const seconds = (Date.now() - t0) / 1000;
    say(`import: ${report.articles} articles (${(xml.length / 1e6).toFixed(1)} MB) in ${seconds.toFixed(1)} s, ${(report.articles / seconds).toFixed(0)} articles/s, ${report.links} links; at that rate 10,000 articles take ${(10_000 / (report.articles / seconds)).toFixed(0)} s`);

    const linked = (await graph.read("MATCH (a:Article)-[m:MENTIONS]->(e:Entity) WHERE a.url STARTS WITH 'https://bench.example.org/' RETURN DISTINCT e.label AS name LIMIT 300")).map((r) => r.get('name') as string);
    const app = await startApp(config, graph);
    try {
      const paths = sample(linked, 300, 5).map((n) => `/v1/negative_news?name=${encodeURIComponent(n)}&limit=10`);
      await measureHttp(app, paths.slice(0, 30), 1);
      const lat = await measureHttp(app, paths, 1);
      say(`GET /v1/negative_news, ${lat.count} names that have articles, one at a time: p50 ${ms(lat.p50)}, p99 ${ms(lat.p99)}`);
    } finally {
      await app.close();
    }
    fs.rmSync(file, { force: true });
  } finally {
    await removeBenchData(graph);
    await graph.close();
  }
}
