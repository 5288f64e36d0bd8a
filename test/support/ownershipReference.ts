/**
 * Reference for effective ownership: lists every simple path from a root explicitly (as arrays
 * of entity ids) over relationship lines as ingested, then sums the products of their step
 * shares. Written apart from src/services/ownership so the two can be compared.
 */
export interface RefShareFact {
  type: string; from: string; to: string; shares?: { percentage?: number | null }[] | null;
  from_date?: string | null; to_date?: string | null;
}

export interface RefOwner { value: number; min: number; max: number; paths: string[][] }

const INVERSE: Record<string, string> = {
  has_shareholder: 'shareholder_of', has_beneficial_owner: 'beneficial_owner_of', has_owner: 'owner_of',
  subsidiary_of: 'has_subsidiary', branch_of: 'has_branch',
};

/** Whether a fact holds on `date` (YYYY-MM-DD): begun on or before it, not ended before it. */
function holdsOn(f: RefShareFact, date: string): boolean {
  if (f.from_date && f.from_date.slice(0, 10) > date) return false;
  if (f.to_date) {
    const parts = f.to_date.split('-');
    const end = parts.length === 3 ? f.to_date : parts.length === 2
      ? `${f.to_date}-${String(new Date(Date.UTC(Number(parts[0]), Number(parts[1]), 0)).getUTCDate()).padStart(2, '0')}`
      : `${f.to_date}-12-31`;
    if (end < date) return false;
  }
  return true;
}

export class OwnershipReference {
  /** Directed steps as the API follows them: ubo lines as given, downstream their inverses. */
  private readonly steps: { type: string; from: string; to: string; fact: RefShareFact }[] = [];

  constructor(facts: RefShareFact[]) {
    for (const f of facts) {
      this.steps.push({ type: f.type, from: f.from, to: f.to, fact: f });
      if (INVERSE[f.type]) this.steps.push({ type: INVERSE[f.type], from: f.to, to: f.from, fact: f });
    }
  }

  /** [min, max] of the step from `a` to `b`, and its point value (null: unknown). */
  step(a: string, b: string, types: string[], date: string): { value: number | null; min: number; max: number } {
    const known: number[] = [];
    for (const s of this.steps) {
      if (s.from !== a || s.to !== b || !types.includes(s.type) || !holdsOn(s.fact, date)) continue;
      const pcts = (s.fact.shares ?? []).map((x) => x.percentage).filter((p): p is number => typeof p === 'number');
      if (pcts.length === 0 && (s.type === 'branch_of' || s.type === 'has_branch')) pcts.push(100);
      known.push(...pcts.map((p) => Math.min(100, Math.max(0, p))));
    }
    if (known.length === 0) return { value: null, min: 0, max: 100 };
    return { value: Math.max(...known), min: Math.min(...known), max: Math.max(...known) };
  }

  /** Every simple path from `root` of 1..maxDepth steps over `types` facts holding on `date`. */
  paths(root: string, types: string[], maxDepth: number, date: string): string[][] {
    const next = (id: string) => [...new Set(this.steps.filter((s) => s.from === id && types.includes(s.type) && holdsOn(s.fact, date)).map((s) => s.to))];
    const out: string[][] = [];
    let frontier: string[][] = [[root]];
    for (let depth = 1; depth <= maxDepth; depth++) {
      const grown: string[][] = [];
      for (const path of frontier) {
        for (const to of next(path[path.length - 1])) if (!path.includes(to)) grown.push([...path, to]);
      }
      out.push(...grown);
      frontier = grown;
    }
    return out;
  }

  owners(root: string, types: string[], maxDepth: number, date: string): Map<string, RefOwner> {
    const owners = new Map<string, RefOwner>();
    for (const path of this.paths(root, types, maxDepth, date)) {
      let value = 100; let min = 100; let max = 100;
      for (let i = 1; i < path.length; i++) {
        const s = this.step(path[i - 1], path[i], types, date);
        value = (value * (s.value ?? 0)) / 100;
        min = (min * s.min) / 100;
        max = (max * s.max) / 100;
      }
      const end = path[path.length - 1];
      const o = owners.get(end) ?? { value: 0, min: 0, max: 0, paths: [] };
      o.value += value; o.min += min; o.max += max; o.paths.push(path);
      owners.set(end, o);
    }
    return owners;
  }
}
