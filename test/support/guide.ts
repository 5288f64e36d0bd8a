/**
 * The runnable blocks of a Neo4j Browser guide (guides/*.html): each `<pre mode="cypher">`
 * block's text, as the Browser puts it in its editor (HTML entities decoded), in page order.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPO } from './env';

export const GRAPH_MODEL_GUIDE = path.join(REPO, 'guides', 'graph-model.html');

export interface GuideBlock {
  /** 0-based index of the <slide> holding it. */
  slide: number;
  text: string;
}

const decode = (html: string) =>
  html.replace(/&(lt|gt|quot|#39|amp);/g, (_m, name: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[name]!);

export function guideBlocks(html = fs.readFileSync(GRAPH_MODEL_GUIDE, 'utf8')): GuideBlock[] {
  const blocks: GuideBlock[] = [];
  const slides = html.split(/<slide\b/).slice(1);
  slides.forEach((slide, i) => {
    for (const m of slide.matchAll(/<pre\b[^>]*\bmode="cypher"[^>]*>([\s\S]*?)<\/pre>/g)) {
      blocks.push({ slide: i, text: decode(m[1].replace(/<[^>]+>/g, '')).trim() });
    }
  });
  return blocks;
}

/** `:param name => expression`: the name and the Cypher expression, or undefined for a statement. */
export function paramBlock(text: string): { name: string; expression: string } | undefined {
  const m = /^:param\s+([A-Za-z_]\w*)\s*=>\s*([\s\S]+)$/.exec(text);
  return m ? { name: m[1], expression: m[2].trim() } : undefined;
}
