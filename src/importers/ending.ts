/**
 * Ends what a release no longer holds (docs/import-formats.md, "Releases"): given what retired
 * items wrote (items a release left out, items a later statement replaced) and what changed
 * items no longer write, and leaving out whatever an item of this import still writes:
 * relationship facts end the day before the release date (they stay, as former facts), records
 * are marked withdrawn on the release date, and an entity whose data came only from withdrawn
 * records is withdrawn: it keeps its attributes, loses its direct risk factors, and a sanctions
 * factor becomes the matching `formerly_sanctioned` one, so a screening sees it was delisted.
 */
import { cypher } from '../graph/cypherFiles';
import { endOfPeriod } from '../domain/dates';
import { PRESENT, isDirectRiskFactor, isSanctionsFactor, riskLevel } from '../domain/risk';
import type { Runner } from '../ingest/transactions';
import type { Produced } from './convert';

const BATCH = 10_000;

async function batched<T>(rows: T[], each: (slice: T[]) => Promise<void>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await each(rows.slice(i, i + BATCH));
}

/** The factor that says an entity was once under `factor`, a sanctions factor. */
export function formerlyOf(factor: string): string {
  const list = factor.startsWith('sanctioned_') ? factor.slice('sanctioned_'.length) : '';
  return list && isDirectRiskFactor(`formerly_sanctioned_${list}`) ? `formerly_sanctioned_${list}` : 'formerly_sanctioned';
}

/** The direct risk left to a withdrawn entity: its `formerly_*` factors, and one for each sanctions factor it had. */
export function withdrawnRisk(direct: Record<string, unknown>): string[] {
  const left = new Set(Object.keys(direct).filter((f) => f.startsWith('formerly_sanctioned')));
  for (const factor of Object.keys(direct)) if (isSanctionsFactor(factor)) left.add(formerlyOf(factor));
  return [...left];
}

/** The day before `date` (YYYY-MM-DD): the last day a fact left out of a release of that date held. */
export const dayBefore = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

export interface Ending { relationships: number; records: number; entities: number; touched: string[] }

/**
 * Ends, in the caller's transaction, what `gone` wrote and `kept` (this import's items) does not
 * write; returns the counts and the entities whose risk or facts changed (to re-score).
 */
export async function endWhatIsGone(run: Runner, gone: Produced[], kept: Produced[], date: string): Promise<Ending> {
  // Nothing gone, nothing to end (a first import): the kept sets need not be built.
  if (gone.length === 0) return { relationships: 0, records: 0, entities: 0, touched: [] };
  const keptEntities = new Set(kept.flatMap((p) => p.entities));
  const keptRecords = new Set(kept.flatMap((p) => p.records));
  const keptRels = new Set(kept.flatMap((p) => p.rel_keys));
  const rels = new Map<string, string>();
  for (const p of gone) p.rel_keys.forEach((key, i) => !keptRels.has(key) && rels.set(key, p.rel_from[i]));
  const records = [...new Set(gone.flatMap((p) => p.records))].filter((id) => !keptRecords.has(id));
  const entities = [...new Set(gone.flatMap((p) => p.entities))].filter((id) => !keptEntities.has(id));
  const touched = new Set<string>();
  const toDate = dayBefore(date);
  await batched([...rels].map(([key, from]) => ({ key, from })), async (rows) => {
    for (const row of await run(cypher('import', 'end-relationships'), { rows, to_date: toDate, to_end: endOfPeriod(toDate), date })) {
      touched.add(row.get('a') as string);
      touched.add(row.get('b') as string);
    }
  });
  await batched(records, async (ids) => {
    await run(cypher('import', 'withdraw-records'), { ids, date });
  });
  // Values no source holds any more show withdrawn_date, also on an entity another source keeps.
  if (records.length) {
    await batched([...new Set(gone.flatMap((p) => p.entities))], async (ids) => {
      await run(cypher('import', 'withdraw-attributes'), { ids, date });
    });
  }
  let withdrawn = 0;
  const withdrawnIds = new Set<string>();
  await batched(entities, async (ids) => {
    const rows = [];
    for (const row of await run(cypher('import', 'withdrawal-candidates'), { ids })) {
      const citedLive = Number(row.get('cited_live'));
      const cited = Number(row.get('cited'));
      // Held by a record that is not withdrawn (another dataset or source): left as it is.
      if (citedLive > 0 || (cited === 0 && Number(row.get('about_live')) > 0)) continue;
      const direct = JSON.parse((row.get('direct') as string) || '{}') as Record<string, unknown>;
      const shown = JSON.parse((row.get('risk') as string) || '{}') as Record<string, unknown>;
      const left = withdrawnRisk(direct);
      const newDirect = Object.fromEntries(left.map((f) => [f, { value: PRESENT, metadata: { country: [] }, level: riskLevel(f) }]));
      const risk = { ...Object.fromEntries(Object.entries(shown).filter(([f]) => !(f in direct))), ...newDirect };
      const id = row.get('id') as string;
      rows.push({
        id, direct: JSON.stringify(newDirect), risk: JSON.stringify(risk), factors: Object.keys(risk),
        sanctioned: left.some(isSanctionsFactor), pep: left.includes('pep'),
      });
      touched.add(id);
      withdrawnIds.add(id);
    }
    if (rows.length) await run(cypher('import', 'withdraw-entities'), { rows, date });
    withdrawn += rows.length;
  });
  for (const id of await dropClaimFactors(run, gone, kept, withdrawnIds)) touched.add(id);
  return { relationships: rels.size, records: records.length, entities: withdrawn, touched: [...touched] };
}

/**
 * An entity still held after a claim ended (another dataset of it) loses the factors only the
 * ended claims gave it (ItemKey.factors: a sanctions list's factor becomes its formerly_ one),
 * unless a kept claim gives them too. Returns the entities changed.
 */
async function dropClaimFactors(run: Runner, gone: Produced[], kept: Produced[], withdrawn: Set<string>): Promise<string[]> {
  const lost = new Map<string, Set<string>>();
  for (const p of gone) {
    for (const factor of p.factors ?? []) for (const id of p.entities) if (!withdrawn.has(id)) (lost.get(id) ?? lost.set(id, new Set()).get(id)!).add(factor);
  }
  for (const p of kept) for (const factor of p.factors ?? []) for (const id of p.entities) lost.get(id)?.delete(factor);
  const ids = [...lost].filter(([, factors]) => factors.size > 0).map(([id]) => id);
  const changed: string[] = [];
  await batched(ids, async (slice) => {
    const rows = [];
    for (const row of await run(cypher('import', 'entity-risk'), { ids: slice })) {
      const id = row.get('id') as string;
      const direct = JSON.parse((row.get('direct') as string) || '{}') as Record<string, unknown>;
      const shown = JSON.parse((row.get('risk') as string) || '{}') as Record<string, unknown>;
      const drop = [...lost.get(id)!].filter((f) => f in direct);
      if (drop.length === 0) continue;
      const newDirect = Object.fromEntries(Object.entries(direct).filter(([f]) => !drop.includes(f)));
      for (const f of drop) if (isSanctionsFactor(f)) newDirect[formerlyOf(f)] = { value: PRESENT, metadata: { country: [] }, level: riskLevel(formerlyOf(f)) };
      const risk = { ...Object.fromEntries(Object.entries(shown).filter(([f]) => !(f in direct))), ...newDirect };
      const left = Object.keys(newDirect);
      rows.push({
        id, direct: JSON.stringify(newDirect), risk: JSON.stringify(risk), factors: Object.keys(risk),
        sanctioned: left.some(isSanctionsFactor), pep: left.includes('pep'),
      });
      changed.push(id);
    }
    if (rows.length) await run(cypher('import', 'set-entity-risk'), { rows });
  });
  return changed;
}
