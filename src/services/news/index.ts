/**
 * Adverse media: news feeds in (./feedParser.ts), topics (./topics.ts), names linked to the
 * graph (./linking.ts), and the reads behind GET /v1/negative_news and
 * GET /v1/entity/{id}/adverse_media. Articles belong to the graph, like sources and records:
 * every organisation reads the same articles, and a wrong link one organisation removes stays
 * removed for that organisation (a history event) while others still see it.
 */
import { badParameter, notFound } from '../../domain/errors';
import { neo4jRelType, UBO_TYPES } from '../../domain/relationships';
import { OVERVIEW, type NewsTopic } from '../../domain/newsTopics';
import { cypher, statement } from '../../graph/cypherFiles';
import { neo4j } from '../../graph/driver';
import type { Graph } from '../../graph/neo4j';
import type { Principal } from '../auth';
import type { AuditSink } from '../projects/tx';
import type { ResolveService } from '../resolve';
import { BEST_MATCH_THRESHOLD } from '../resolve';
import { parseFeed, type FeedArticle, type SkippedItem } from './feedParser';
import { linkTexts, nameQuery } from './linking';
import { classify } from './topics';

/** Owners and controllers followed by the graph read of adverse media. */
const UPSTREAM_TYPES = [...UBO_TYPES, 'has_director', 'has_officer', 'has_executive', 'has_member_of_the_board', 'has_legal_representative', 'has_manager', 'has_partner'].map(neo4jRelType).join('|');
/** Owners and controllers within 2 steps of a matched entity whose new articles alert its project entities. */
const ALERTS_QUEUE = statement('news', 'news-alerts-queue', { TYPES: UPSTREAM_TYPES });
/** Articles written in one transaction. */
const WRITE_BATCH = 500;

/** `alerts`: monitoring alerts queued for project entities (./alerts.ts). */
export interface FeedReport { source: string; articles: number; new_articles: number; links: number; alerts: number; skipped: SkippedItem[] }

export interface ArticleOut {
  title: string; snippet: string; url: string; source: string; published: string;
  risk_flags: string[]; search_term: [string, string[]]; topics: string[]; language: string; id: string;
}

export interface NewsQuery { topic?: NewsTopic; since?: string; limit: number; offset: number }

export class NewsService {
  constructor(private readonly graph: Graph, private readonly resolver: ResolveService, private readonly audit?: AuditSink) {}

  /** Reads one feed document, keeps its articles once each and links them; a bad item is skipped with its reason. */
  async importFeed(xml: string, origin: string, now = new Date()): Promise<FeedReport> {
    const feed = parseFeed(xml, origin, now);
    let created = 0;
    let links = 0;
    let alerts = 0;
    for (let k = 0; k < feed.articles.length; k += WRITE_BATCH) {
      const part = feed.articles.slice(k, k + WRITE_BATCH);
      const found = await linkTexts(this.resolver, part.map((a) => a.text));
      const rows = part.map((a) => articleRow(a));
      const linkRows = found.flatMap((list, i) => list.map((l) => ({ article: part[i].id, entity: l.entity, score: l.score, text: l.text })));
      const stamp = now.toISOString();
      await this.graph.writeTx(async (tx) => {
        const written = await tx.run(cypher('news', 'news-upsert-articles'), { articles: rows, now: stamp });
        created += written.records.filter((r) => r.get('created') === true).length;
        if (!linkRows.length) return;
        const linked = await tx.run(cypher('news', 'news-link'), { links: linkRows, now: stamp });
        const fresh = linked.records.filter((r) => r.get('created') === true).map((r) => ({ article: r.get('article') as string, entity: r.get('entity') as string }));
        // Monitoring alerts for new links only, in the same transaction: a re-import alerts no one.
        if (fresh.length) {
          const [queued] = (await tx.run(ALERTS_QUEUE, { links: fresh, now: stamp, score: now.getTime() })).records;
          alerts += Number(queued.get('queued'));
        }
      });
      links += linkRows.length;
    }
    return { source: feed.title, articles: feed.articles.length, new_articles: created, links, alerts, skipped: feed.skipped };
  }

  /** GET /v1/negative_news: articles about the parties `name` resolves to (strong matches), newest first. */
  async byName(principal: Principal, name: string, q: NewsQuery): Promise<ArticleOut[]> {
    const ranked = await this.resolver.rank(nameQuery(name, 10));
    const ids = ranked.all.filter((s) => s.score >= BEST_MATCH_THRESHOLD).map((s) => s.candidate.id);
    if (ids.length === 0) return [];
    const rows = await this.graph.read(cypher('news', 'news-by-entities'), { ids, org: principal.org, ...params(q) });
    return rows.map((r) => articleOut(r.get('article'), name));
  }

  /** GET /v1/entity/{id}/adverse_media: articles about the entity and its owners and controllers up to `depth` steps. */
  async throughOwners(principal: Principal, id: string, depth: number, q: NewsQuery) {
    if (!Number.isInteger(depth) || depth < 0 || depth > 4) throw badParameter('max_depth', 'an integer from 0 to 4');
    const exists = await this.graph.read(cypher('userAttributes', 'entity-exists'), { entityId: id });
    if (exists.length === 0) throw notFound(`entity ${JSON.stringify(id)}`);
    const rows = await this.graph.read(statement('news', 'news-through-owners', { TYPES: UPSTREAM_TYPES, DEPTH: Math.max(1, depth) }), { id, depth: neo4j.int(depth), org: principal.org, ...params(q) });
    return {
      data: rows.map((r) => ({
        ...articleOut(r.get('article'), r.get('matched') as string),
        entity_id: r.get('entity') as string,
        path: pathOf(r.get('path') as string[], r.get('steps') as string[]),
      })),
      limit: q.limit,
      offset: q.offset,
    };
  }

  /** The `adverse_media` block of an entity read: the number of articles naming it and the newest three. */
  async entitySummary(principal: Principal, id: string): Promise<{ count: number; latest: Record<string, unknown>[] }> {
    const [row] = await this.graph.read(cypher('news', 'news-entity-summary'), { id, org: principal.org });
    return { count: Number(row?.get('count') ?? 0), latest: (row?.get('latest') as Record<string, unknown>[]) ?? [] };
  }

  /** Removes a wrong link for the caller's organisation; a later import does not bring it back. */
  async removeLink(principal: Principal, entityId: string, articleId: string): Promise<{ entity_id: string; article_id: string; removed: true }> {
    const rows = await this.graph.write(cypher('news', 'news-remove-link'), { entity: entityId, article: articleId, org: principal.org });
    if (rows.length === 0) throw notFound(`article ${JSON.stringify(articleId)} linked to entity ${JSON.stringify(entityId)}`);
    await this.audit?.record(principal, 'adverse_media.link_removed', { entity_id: entityId, article_id: articleId, matched_text: rows[0].get('matched_text') }, true);
    return { entity_id: entityId, article_id: articleId, removed: true };
  }
}

function params(q: NewsQuery) {
  return { topic: q.topic && q.topic !== OVERVIEW ? q.topic : null, since: q.since ?? null, limit: neo4j.int(q.limit), offset: neo4j.int(q.offset) };
}

function articleRow(a: FeedArticle) {
  const topics = classify(a.text, a.language);
  return {
    id: a.id, url: a.url, title: a.title, snippet: a.snippet, source: a.source, source_url: a.source_url,
    published: a.published, language: a.language, topics: topics.topics, risk_flags: topics.risk_flags,
    // The phrases that set the flags, as one list: what the client's search_term shows.
    phrases: [...new Set(Object.values(topics.phrases).flat())],
  };
}

function articleOut(a: Record<string, unknown>, name: string): ArticleOut {
  return {
    id: a.id as string,
    title: a.title as string,
    snippet: a.snippet as string,
    url: a.url as string,
    source: a.source as string,
    published: a.published as string,
    risk_flags: (a.risk_flags as string[]) ?? [],
    search_term: [name, (a.phrases as string[]) ?? []],
    topics: (a.topics as string[]) ?? [],
    language: a.language as string,
  };
}

function pathOf(ids: string[], steps: string[]) {
  return steps.map((type, i) => ({ from: ids[i], relationship: type.toLowerCase(), to: ids[i + 1] }));
}
