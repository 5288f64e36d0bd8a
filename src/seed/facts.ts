/** The relationship facts of an entity, drawn from its own stream with a power-law choice of targets. */
import { hash3, Rng, SALT_FACTS, weighted } from './random';
import { POSITIONS } from './words';
import { COMPANY, HUB_RANKS, Model, pad2, PERSON, PROPERTY, VESSEL, ZIPF_ALPHA } from './model';

// ---------------------------------------------------------------------------------------
// Facts
// ---------------------------------------------------------------------------------------

export interface Fact {
  type: string;
  to: number;
  record: number;
  fromDate?: string;
  toDate?: string;
  shares?: string; // pre-serialised JSON array
  position?: string;
}

export const SHARE_BEARING = new Set(['has_shareholder', 'shareholder_of', 'has_beneficial_owner', 'beneficial_owner_of', 'has_owner', 'owner_of']);
export const PERCENTAGES = [100, 100, 50, 25, 75, 33.33, 10, 60, 40, 51, 49, 5, 20, 12.5, 30, 70];
export const CURRENCY: Record<string, string> = { GBR: 'GBP', CYP: 'EUR', DEU: 'EUR', NLD: 'EUR', FRA: 'EUR', LUX: 'EUR', ESP: 'EUR', GRC: 'EUR', MLT: 'EUR', CHE: 'CHF', RUS: 'RUB', POL: 'PLN', TUR: 'TRY', NOR: 'NOK', SGP: 'SGD', HKG: 'HKD', ARE: 'AED' };

export type Table = ReadonlyArray<readonly [string, number]>;
export const CC_HUB: Table = [['has_registered_agent', 0.45], ['has_shareholder', 0.35], ['receives_from', 0.1], ['has_auditor', 0.1]];
export const CC: Table = [['has_shareholder', 0.33], ['subsidiary_of', 0.11], ['ships_to', 0.11], ['receives_from', 0.06], ['linked_to', 0.07],
  ['has_registered_agent', 0.07], ['branch_of', 0.03], ['has_client', 0.05], ['has_legal_predecessor', 0.02], ['shareholder_of', 0.1], ['has_auditor', 0.05]];
export const CP_HUB: Table = [['has_director', 0.5], ['has_secretary', 0.2], ['has_shareholder', 0.2], ['has_officer', 0.1]];
export const CP: Table = [['has_shareholder', 0.3], ['has_director', 0.3], ['has_beneficial_owner', 0.12], ['has_officer', 0.1], ['has_secretary', 0.06],
  ['has_legal_representative', 0.04], ['has_employee', 0.04], ['has_founder', 0.04]];
export const PC: Table = [['shareholder_of', 0.35], ['director_of', 0.35], ['beneficial_owner_of', 0.1], ['officer_of', 0.1], ['employee_of', 0.1]];
export const PP: Table = [['family_of', 0.5], ['has_associate', 0.5]];
export const VC: Table = [['has_owner', 0.6], ['has_manager', 0.2], ['carrier_of', 0.2]];
export const TARGET_TYPES: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = [
  [[COMPANY, 0.5], [PERSON, 0.42], [PROPERTY, 0.05], [VESSEL, 0.03]],
  [[COMPANY, 0.7], [PERSON, 0.25], [PROPERTY, 0.05]],
  [[COMPANY, 0.6], [PERSON, 0.4]],
  [[COMPANY, 0.9], [PERSON, 0.1]],
];
export const POSITION_FOR: Record<string, string> = {
  has_director: 'Director', director_of: 'Director', has_secretary: 'Secretary', has_legal_representative: 'Legal representative',
  has_registered_agent: 'Registered agent', has_auditor: 'Statutory auditor', has_founder: 'Founder', has_manager: 'Technical manager',
};

export function factType(rng: Rng, subject: number, target: number, hub: boolean): string {
  if (subject === COMPANY) {
    if (target === COMPANY) return weighted(rng, hub ? CC_HUB : CC);
    if (target === PERSON) return weighted(rng, hub ? CP_HUB : CP);
    if (target === PROPERTY) return 'owner_of';
    return rng.chance(0.7) ? 'owner_of' : 'manager_of';
  }
  if (subject === PERSON) {
    if (target === COMPANY) return weighted(rng, PC);
    if (target === PERSON) return hub ? 'has_associate' : weighted(rng, PP);
    return 'owner_of';
  }
  if (subject === PROPERTY) return 'has_owner';
  return target === COMPANY ? weighted(rng, VC) : 'has_owner';
}

/**
 * The outgoing facts of entity i, in a fixed order. Pure in (seed, i): both passes see the
 * same facts. Parallel facts (same pair and type, a second record) cite the next record.
 */
export function factsOf(m: Model, i: number, rng: Rng, out: Fact[]): number {
  const subject = m.types[i];
  rng.reseed(hash3(m.seed, i, SALT_FACTS));
  const mean = m.outMean[subject];
  // Uniform on 0..2*mean (mean `mean`), with the fraction resolved by a coin.
  const span = 2 * mean;
  let count = Math.floor(rng.next() * (Math.floor(span) + 1));
  if (rng.chance(span - Math.floor(span))) count += rng.int(2);
  const record = m.recordOf(i);
  const canParallel = record + 1 < m.records;
  let k = 0;
  for (let f = 0; f < count; f++) {
    let targetType = weighted(rng, TARGET_TYPES[subject]);
    if (m.byType[targetType].length === 0) targetType = COMPANY;
    const list = m.byType[targetType];
    if (list.length === 0) continue;
    let to: number;
    let hub = false;
    if (targetType === PROPERTY || targetType === VESSEL) {
      to = list[rng.int(list.length)];
    } else {
      const rank = Math.floor(list.length * rng.next() ** ZIPF_ALPHA);
      hub = rank < HUB_RANKS && list.length > HUB_RANKS * 8;
      to = m.byRank(targetType, rank);
    }
    if (to === i) continue;
    const type = factType(rng, subject, targetType, hub);
    const fact: Fact = out[k] ?? (out[k] = { type, to, record });
    fact.type = type;
    fact.to = to;
    fact.record = record;
    fact.fromDate = undefined;
    fact.toDate = undefined;
    fact.shares = undefined;
    fact.position = undefined;
    const fromYear = 1995 + rng.int(28);
    const roll = rng.next();
    if (roll < 0.12) {
      fact.fromDate = `${fromYear}-${pad2(1 + rng.int(12))}`;
      const toYear = Math.min(2023, fromYear + 1 + rng.int(8));
      fact.toDate = `${toYear}-${pad2(1 + rng.int(12))}-${pad2(1 + rng.int(28))}`;
    } else if (roll < 0.6) {
      fact.fromDate = rng.chance(0.5) ? `${fromYear}-${pad2(1 + rng.int(12))}-${pad2(1 + rng.int(28))}` : String(fromYear);
    }
    if (SHARE_BEARING.has(type) && rng.chance(0.7)) {
      const pct = PERCENTAGES[rng.int(PERCENTAGES.length)];
      if (rng.chance(0.3)) {
        const owned = type === 'has_owner' || type === 'has_shareholder' || type === 'has_beneficial_owner' ? i : to;
        const currency = CURRENCY[m.country(owned).id] ?? 'USD';
        fact.shares = `[{"percentage":${pct},"monetary_value":${(1 + rng.int(999)) * 100},"currency":"${currency}"}]`;
      } else {
        fact.shares = `[{"percentage":${pct}}]`;
      }
    }
    const position = POSITION_FOR[type] ?? (type === 'has_officer' || type === 'officer_of' ? POSITIONS[rng.int(POSITIONS.length)] : undefined);
    if (position) fact.position = position;
    else if (type === 'family_of') fact.position = ['spouse', 'son', 'daughter', 'brother', 'sister', 'parent'][rng.int(6)];
    k++;
    if (canParallel && rng.chance(0.03)) {
      const twin: Fact = out[k] ?? (out[k] = { type, to, record });
      Object.assign(twin, fact, { record: record + 1 });
      k++;
    }
  }
  return k;
}
