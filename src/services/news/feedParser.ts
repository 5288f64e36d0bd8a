/**
 * Reads an RSS 2.0, RSS 1.0 (RDF) or Atom feed into articles. A feed with a DOCTYPE is refused
 * whole: feeds never need one, and refusing it shuts out external entities and entity expansion
 * (the "billion laughs") before the parser sees the text. An item that cannot be kept (no link,
 * an unreadable or far-future date, over the size limit) is skipped with its reason and the
 * rest goes on. fast-xml-parser is used because it never fetches anything and, with the DOCTYPE
 * refused, expands only XML's five predefined entities and character references.
 */
import crypto from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { decodeHTML } from 'entities';
import { detectLanguage } from './language';

export interface FeedArticle {
  /** sha1 of the item's link (or guid when it has no link), so an article is kept once. */
  id: string;
  url: string;
  title: string;
  snippet: string;
  /** Title and text, for topics and names (at most TEXT_LIMIT characters). */
  text: string;
  source: string;
  source_url: string;
  /** ISO 8601. */
  published: string;
  language: string;
}

export interface SkippedItem { index: number; title?: string; reason: string }
export interface ParsedFeed { title: string; url: string; articles: FeedArticle[]; skipped: SkippedItem[] }

export class FeedError extends Error {}

export const ITEM_BYTE_LIMIT = 1_000_000;
const SNIPPET_LIMIT = 500;
const TEXT_LIMIT = 8_000;
/** A date this far past `now` is a typo or a bad clock, not news. */
const FUTURE_SLACK_MS = 2 * 86_400_000;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  processEntities: true,
  htmlEntities: false,
  trimValues: true,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (_name, jpath) => ['rss.channel.item', 'feed.entry', 'feed.entry.link', 'feed.link', 'rdf:RDF.item'].includes(String(jpath)),
});

type Node = Record<string, unknown>;

/** Parses a feed document; throws FeedError when the document as a whole cannot be read. */
export function parseFeed(xml: string, fallbackUrl: string, now = new Date()): ParsedFeed {
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) throw new FeedError('a DOCTYPE or entity declaration is not allowed in a feed (external entities and entity expansion are refused)');
  let doc: Node;
  try {
    doc = parser.parse(xml, true) as Node;
  } catch (err) {
    throw new FeedError(`not well-formed XML: ${(err as Error).message.split('\n')[0]}`);
  }
  const rss = (doc.rss as Node | undefined)?.channel as Node | undefined;
  const rdf = doc['rdf:RDF'] as Node | undefined;
  const atom = doc.feed as Node | undefined;
  if (rss || rdf) {
    const channel = rss ?? (rdf?.channel as Node) ?? {};
    const items = ((rss ? rss.item : rdf?.item) ?? []) as Node[];
    const source = { title: text(channel.title) || fallbackUrl, url: text(channel.link) || fallbackUrl, language: text(channel.language) || text(channel['dc:language']) };
    return collect(source, items.map((item) => ({
      raw: item,
      title: text(item.title),
      link: text(item.link) || (guidIsLink(item.guid) ? text(item.guid) : ''),
      guid: text(item.guid) || text(item['@_rdf:about']),
      date: text(item.pubDate) || text(item['dc:date']),
      body: text(item['content:encoded']) || text(item.description),
    })), now);
  }
  if (atom) {
    const source = { title: text(atom.title) || fallbackUrl, url: atomLink(atom.link as Node[] | undefined) || fallbackUrl, language: text(atom['@_xml:lang']) };
    return collect(source, ((atom.entry ?? []) as Node[]).map((entry) => ({
      raw: entry,
      title: text(entry.title),
      link: atomLink(entry.link as Node[] | undefined),
      guid: text(entry.id),
      date: text(entry.published) || text(entry.updated),
      body: text(entry.content) || text(entry.summary),
      language: text(entry['@_xml:lang']),
    })), now);
  }
  throw new FeedError('not an RSS or Atom feed (no <rss>, <rdf:RDF> or <feed> element)');
}

interface RawItem { raw: Node; title: string; link: string; guid: string; date: string; body: string; language?: string }

function collect(source: { title: string; url: string; language: string }, items: RawItem[], now: Date): ParsedFeed {
  const articles: FeedArticle[] = [];
  const skipped: SkippedItem[] = [];
  items.forEach((item, index) => {
    const reason = check(item, now);
    if (typeof reason === 'string') {
      skipped.push({ index, ...(item.title ? { title: item.title.slice(0, 200) } : {}), reason });
      return;
    }
    const title = plain(item.title);
    const body = plain(item.body);
    articles.push({
      id: crypto.createHash('sha1').update(item.link || item.guid).digest('hex'),
      url: item.link || item.guid,
      title,
      snippet: cut(body || title, SNIPPET_LIMIT),
      text: `${title}\n${body}`.slice(0, TEXT_LIMIT),
      source: plain(source.title),
      source_url: source.url,
      published: reason.published,
      language: languageTag(item.language || source.language) ?? detectLanguage(`${title} ${body}`),
    });
  });
  return { title: plain(source.title), url: source.url, articles, skipped };
}

function check(item: RawItem, now: Date): string | { published: string } {
  const size = JSON.stringify(item.raw).length;
  if (size > ITEM_BYTE_LIMIT) return `item of ${size} bytes is over the ${ITEM_BYTE_LIMIT}-byte limit`;
  if (!item.title) return 'no title';
  const url = item.link || item.guid;
  if (!url) return 'no link or guid';
  if (item.link && !/^https?:\/\/[^\s]+$/i.test(item.link)) return `link ${JSON.stringify(item.link.slice(0, 100))} is not an http(s) URL`;
  if (!item.date) return { published: now.toISOString() };
  const time = Date.parse(item.date);
  if (Number.isNaN(time)) return `date ${JSON.stringify(item.date.slice(0, 60))} is not a date`;
  if (time > now.getTime() + FUTURE_SLACK_MS) return `date ${item.date.slice(0, 60)} is in the future`;
  return { published: new Date(time).toISOString() };
}

/** The text of a parsed node: a string, or the text of an element with attributes. */
function text(node: unknown): string {
  if (typeof node === 'string') return node.trim();
  if (typeof node === 'number') return String(node);
  if (node && typeof node === 'object' && !Array.isArray(node)) return text((node as Node)['#text']);
  if (Array.isArray(node)) return text(node[0]);
  return '';
}

function guidIsLink(guid: unknown): boolean {
  const value = text(guid);
  const permalink = guid && typeof guid === 'object' ? (guid as Node)['@_isPermaLink'] : undefined;
  return permalink !== 'false' && /^https?:\/\//i.test(value);
}

function atomLink(links: Node[] | undefined): string {
  const list = links ?? [];
  const alternate = list.find((l) => !l['@_rel'] || l['@_rel'] === 'alternate') ?? list[0];
  return alternate ? String(alternate['@_href'] ?? '').trim() : '';
}

const BLOCK_TAG = /<\/?(?:p|br|div|li|ul|ol|h[1-6]|tr|td|th|table|blockquote|section|article)\b[^>]*>/gi;

/** Markup and entities of a title or body turned into plain text on one line. */
export function plain(value: string): string {
  const untag = (v: string) => v.replace(BLOCK_TAG, ' ').replace(/<[^>]*>/g, '');
  return untag(decodeHTML(untag(decodeHTML(value)))).replace(/\s+/g, ' ').trim();
}

function cut(value: string, limit: number): string {
  if (value.length <= limit) return value;
  const at = value.lastIndexOf(' ', limit - 1);
  return `${value.slice(0, at > limit / 2 ? at : limit - 1)}…`;
}

function languageTag(value: string | undefined): string | undefined {
  const m = /^([a-z]{2,3})(?:[-_]|$)/i.exec((value ?? '').trim());
  return m ? m[1].toLowerCase() : undefined;
}
