/**
 * Links an article to the graph entities it names: every name span of its text (./mentions.ts)
 * is resolved with the resolver every other screening call uses, so spelling variants, other
 * scripts and list order are read the same way, and a span links when its best candidate is a
 * strong match on the name alone. Namesakes that score as well as the best are linked too (an
 * analyst removes the wrong one; a missed party is the costlier error in screening). A span
 * inside a longer span that linked adds nothing: "Alameda Research" is linked, not "Alameda".
 */
import type { ResolveParams, ResolveService, Scored } from '../resolve';
import { nameSpans } from './mentions';

export interface ArticleLink { entity: string; score: number; text: string }

/** A name-only match must reach this score to link (strong, and clear of the weakest strong matches). */
export const LINK_THRESHOLD = 0.7;
/** Namesakes within this score of the best are linked as well. */
const NAMESAKE_MARGIN = 0.02;
/** Spans resolved in one exchange with the index. */
const BATCH = 200;

/** A resolve query on a name alone, as a screening of adverse media asks it. */
export const nameQuery = (name: string, limit: number, pool?: number): ResolveParams => ({ name: [name], identifier: [], country: [], address: [], dob: [], fuzziness: {}, strict: false, limit, ...(pool ? { pool } : {}) });

/** The links of each text, by position. */
export async function linkTexts(resolver: ResolveService, texts: string[], threshold = LINK_THRESHOLD): Promise<ArticleLink[][]> {
  const spansOf = texts.map((t) => nameSpans(t));
  const flat = spansOf.flatMap((spans, i) => spans.map((span) => ({ i, span })));
  const found: { i: number; span: string; matches: Scored[] }[] = [];
  for (let k = 0; k < flat.length; k += BATCH) {
    const part = flat.slice(k, k + BATCH);
    const ranked = await resolver.rankMany(part.map((p) => nameQuery(p.span, 5, 20)));
    ranked.forEach((r, j) => {
      if (r instanceof Error || !r.best || r.best.score < threshold) return;
      const matches = r.all.filter((s) => s.score >= threshold && s.score >= r.best!.score - NAMESAKE_MARGIN);
      found.push({ ...part[j], matches });
    });
  }
  return texts.map((_, i) => chooseLinks(found.filter((f) => f.i === i)));
}

function chooseLinks(found: { span: string; matches: Scored[] }[]): ArticleLink[] {
  const linkedSpans = found.map((f) => f.span);
  const inside = (span: string) => linkedSpans.some((other) => other !== span && ` ${other} `.includes(` ${span} `));
  const best = new Map<string, ArticleLink>();
  for (const f of found) {
    if (inside(f.span)) continue;
    for (const m of f.matches) {
      const known = best.get(m.candidate.id);
      if (!known || m.score > known.score) best.set(m.candidate.id, { entity: m.candidate.id, score: Math.round(m.score * 1000) / 1000, text: f.span });
    }
  }
  return [...best.values()];
}
