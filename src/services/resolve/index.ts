/**
 * Entity resolution behind GET /resolve/entity and GET/POST /v1/resolution.
 *
 * 1. Candidates come from the SearchIndex (recall-oriented: any name token within the
 *    allowed edits, its transliteration skeleton, the name written as one word, adjacent
 *    words joined again, phonetic keys, consonant keys of Arabic- and Hebrew-script words
 *    and nicknames (src/search/analysis), the compact identifier, address words).
 * 2. Every candidate is scored here, field by field, with an explanation an analyst can
 *    check. Evidence is added up in points and mapped to 0..1 with a logistic curve:
 *      name          -2.5 .. +2.5   (word alignment in ./nameScore.ts on the scoring words of
 *                    ./scoringTokens.ts, company words weighted by their distinctiveness in
 *                    the graph, ./distinctiveness.ts; points in evidence.ts namePoints;
 *                    legal forms and titles ignored;
 *                    then +0.25 when both names carry the same company form, -1.3 for different forms)
 *      identifier    +6 exact, +1.5 near (within fuzziness.identifier edits), -0.75 when the
 *                    candidate has identifiers and none agrees
 *      date of birth +1.5 same date, +0.75 compatible partial date, -2 other year, -1.5 same
 *                    year but other month or day
 *      country       +0.5 shared, -1 when the candidate's countries are all different
 *      address       up to +1, -0.3 when clearly different
 *    so an identifier match outweighs any name evidence, and a conflicting date of birth or
 *    country lowers the score.
 * 3. `best_match` is the top candidate only when its score reaches BEST_MATCH_THRESHOLD; a
 *    query that matches nothing well has no best_match. `strict=true` keeps only candidates
 *    whose provided values are equal as given (no normalisation, no fuzziness).
 */
import { badParameter } from '../../domain/errors';
import { analyze, compactIdentifier, skeleton } from '../../domain/names';
import { embeddedEntity } from '../../graph/mappers';
import type { Candidate, CandidateRequest, SearchIndex } from '../../search/port';
import { checkResolveDates, scoreCandidate } from './evidence';
import { distinctiveness } from './distinctiveness';
import { nameTokens } from './nameScore';
import { scoringName } from './scoringTokens';
import { consonantQueryKeys, joinedKey, nameCore, phoneticKeys, relatedNames, splitPairs } from '../../search/analysis';
import { fuzzinessEcho, resolutionResult, resolvers } from './result';
import { BEST_MATCH_THRESHOLD, DEFAULT_POOL, LIST_FLOOR, ResolveParams, Scored } from './types';

export * from './types';
export { nameSimilarity, nameTokens, tokenMatch, tokenSimilarity } from './nameScore';
export { MEDIUM_THRESHOLD, checkResolveDates, compareDates, matchStrength, namePoints, scoreCandidate } from './evidence';

export interface Ranked { best?: Scored; others: Scored[]; all: Scored[] }

export class ResolveService {
  constructor(private readonly index: SearchIndex) {}

  /** Candidates scored and ranked (best first); `best` only when it clears the threshold. */
  async rank(params: ResolveParams): Promise<Ranked> {
    const request = this.candidateRequest(params);
    // The words' distinctiveness is read beside the candidates, so it adds no wait of its own.
    const [candidates, weigh] = await Promise.all([this.index.candidates(request), this.distinctiveness([params])]);
    return this.ranked(params, candidates, weigh);
  }

  /** Distinctiveness of the name words of these queries in the graph (./distinctiveness.ts); none in strict mode. */
  private distinctiveness(list: ResolveParams[]): Promise<(word: string) => number> {
    const words = list.filter((p) => !p.strict).flatMap((p) => p.name.flatMap((n) => scoringName(n).tokens));
    return distinctiveness(this.index, words);
  }

  /**
   * `rank` of several queries, their candidates read in one exchange where the index can (a
   * resolution upload's chunk); a query refused (a 400) answers its error in its place.
   */
  async rankMany(list: ResolveParams[]): Promise<(Ranked | Error)[]> {
    const requests = list.map((params) => {
      try {
        return this.candidateRequest(params);
      } catch (err) {
        return err as Error;
      }
    });
    const asked = requests.filter((r): r is CandidateRequest => !(r instanceof Error));
    const [found, weigh] = await Promise.all([
      this.index.candidatesMany ? this.index.candidatesMany(asked) : Promise.all(asked.map((r) => this.index.candidates(r).catch((e: Error) => e))),
      this.distinctiveness(list),
    ]);
    let k = 0;
    return requests.map((r, i) => {
      if (r instanceof Error) return r;
      const candidates = found[k++];
      return candidates instanceof Error ? candidates : this.ranked(list[i], candidates, weigh);
    });
  }

  /** The index request of a query; 400 for a query without name, identifier or address, or with a bad date. */
  private candidateRequest(params: ResolveParams): CandidateRequest {
    if (params.name.length + params.identifier.length + params.address.length === 0) {
      throw badParameter('name', 'at least one of name, identifier or address is required');
    }
    checkResolveDates(params.dob);
    const fuzz = params.strict ? 0 : params.fuzziness.name ?? 1;
    const names = params.name.map((n) => nameTokens(n).tokens).filter((t) => t.length);
    return {
      names,
      skeletons: params.strict ? [] : names.flat().filter((t) => t.length > 1).map(skeleton),
      // Five letters: a name of syllables written apart (ソニー -> so nii) is short when joined.
      joined: params.strict ? [] : names.map(joinedKey).filter((k) => k.length >= 5),
      pairs: params.strict ? [] : [...new Set(names.flatMap((n) => splitPairs(n)))],
      phonetic: params.strict ? [] : [...new Set([...names.flatMap(phoneticKeys), ...params.name.flatMap((n) => consonantQueryKeys(nameCore(n)))])],
      related: params.strict ? [] : [...new Set(names.flat().flatMap(relatedNames))],
      identifiers: params.identifier.map(compactIdentifier).filter(Boolean),
      addresses: params.address.map((a) => analyze(a, { companyForms: false }).map((t) => t.text)),
      // Not required, only ranked up: among many namesakes (a 1M-entity graph has hundreds of
      // "Kari Berg"), the one born on the given date must be in the pool that gets scored.
      datesOfBirth: params.dob.map((d) => d.split('-')),
      countries: params.country.map((c) => c.toLowerCase()),
      fuzziness: fuzz,
      types: params.types,
      pool: params.pool ?? (params.strict ? 200 : DEFAULT_POOL),
    };
  }

  /** The candidates scored against the query, ranked and cut to its page. */
  private ranked(params: ResolveParams, candidates: Candidate[], distinctive?: (word: string) => number): Ranked {
    const seen = new Set<string>();
    const scored: Scored[] = [];
    for (const c of candidates) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      const s = scoreCandidate(params, c, distinctive);
      if (!s) continue;
      if (s.score < (params.minScore ?? LIST_FLOOR)) continue;
      if (params.minNameSimilarity !== undefined && (s.nameSimilarity ?? 1) < params.minNameSimilarity) continue;
      scored.push(s);
    }
    scored.sort((a, b) => b.score - a.score || a.candidate.id.localeCompare(b.candidate.id));
    const all = scored.slice(params.offset ?? 0, (params.offset ?? 0) + params.limit);
    const best = all[0] && all[0].score >= BEST_MATCH_THRESHOLD && (params.offset ?? 0) === 0 ? all[0] : undefined;
    return { best, others: best ? all.slice(1) : all, all };
  }

  /** Legacy /resolve/entity. */
  async legacy(params: ResolveParams) {
    const ranked = await this.rank(params);
    return {
      best_match: ranked.best ? embeddedEntity(ranked.best.candidate.props, 'legacy') : null,
      other_matches: ranked.others.map((s) => embeddedEntity(s.candidate.props, 'legacy')),
      strict: params.strict,
      fuzziness: fuzzinessEcho(params),
      resolvers: resolvers(params),
    };
  }

  /** /v1/resolution: the published client's ResolutionResponse `{fields, data}` plus best_match / other_matches. */
  async v1(params: ResolveParams, profile: string, echo: Record<string, string[]>) {
    const ranked = await this.rank(params);
    const result = (s: Scored) => resolutionResult(s, params, profile);
    const data = ranked.all.map(result);
    return {
      fields: echo,
      data,
      best_match: ranked.best ? data[0] : null,
      other_matches: ranked.best ? data.slice(1) : data,
      strict: params.strict,
      fuzziness: fuzzinessEcho(params),
      resolvers: resolvers(params),
    };
  }
}
