/**
 * Risk changes of a project's entities (the newer client's getProjectRiskChanges,
 * getProjectEntityRiskChanges and their deletes): the risk factors added to and removed from
 * the entities a project entity matches, as the risk re-scoring worker records them
 * (src/workers/riskChangeSink.ts), filtered by date, risk factor and risk category, sorted by
 * date and paged. A deleted change is not shown again. Access as for every project read
 * (viewer) or change (editor); another org's project or project entity is a 404.
 */
import { badParameter } from '../domain/errors';
import { RISK_CATEGORIES, riskCategoriesNamed } from '../domain/risk';
import type { Graph } from '../graph/neo4j';
import type { RiskChangeItem, RiskChangeStore } from '../feeds/riskChanges';
import type { Principal } from './auth';
import { AuditSink, ProjectTx, now } from './projects/tx';

export interface RiskChangeQuery {
  limit: number;
  next?: string;
  prev?: string;
  sort: 'asc' | 'desc';
  from?: string;
  to?: string;
  riskFactor: string[];
  riskCategory: string[];
}

const encode = (offset: number) => Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
function decode(token: string, parameter: string): number {
  try {
    const v = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { o?: unknown };
    if (typeof v.o === 'number' && Number.isInteger(v.o) && v.o >= 0) return v.o;
  } catch {
    // fall through
  }
  throw badParameter(parameter, 'invalid page token');
}

function matcher(q: RiskChangeQuery, projectEntityId?: string): (c: RiskChangeItem) => boolean {
  const categories = q.riskCategory.flatMap((c) => riskCategoriesNamed(c)).map((c) => RISK_CATEGORIES[c]).filter(Boolean);
  return (c) => (projectEntityId === undefined || c.project_entity_id === projectEntityId)
    && (q.from === undefined || c.timestamp.slice(0, 10) >= q.from)
    && (q.to === undefined || c.timestamp.slice(0, 10) <= q.to)
    && (q.riskFactor.length === 0 || q.riskFactor.includes(c.id))
    && (categories.length === 0 || categories.some((test) => test(c.id)));
}

const factorOf = (c: RiskChangeItem) => ({ id: c.id, timestamp: c.timestamp, change_type: c.change_type });

export class RiskChangeService extends ProjectTx {
  constructor(graph: Graph, private readonly store: RiskChangeStore, audit: AuditSink, warn?: (message: string, err: unknown) => void) {
    super(graph, audit, warn);
  }

  /** 404 / 403 for the project (and the project entity, when named). */
  private async check(principal: Principal, projectId: string, projectEntityId: string | undefined, role: 'viewer' | 'editor') {
    await this.graph.readTx(async (tx) => {
      await this.readProject(tx, projectId, principal, role);
      if (projectEntityId !== undefined) await this.readProjectEntity(tx, projectId, projectEntityId);
    });
  }

  async list(principal: Principal, projectId: string, projectEntityId: string | undefined, q: RiskChangeQuery) {
    if (q.next !== undefined && q.prev !== undefined) throw badParameter('next', 'cannot be combined with prev');
    await this.check(principal, projectId, projectEntityId, 'viewer');
    const all = (await this.store.all(projectId)).filter(matcher(q, projectEntityId));
    all.sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : a.change_id < b.change_id ? -1 : 1) * (q.sort === 'asc' ? 1 : -1));
    const start = q.next !== undefined ? decode(q.next, 'next') : q.prev !== undefined ? Math.max(0, decode(q.prev, 'prev') - q.limit) : 0;
    const page = all.slice(start, start + q.limit);
    const filters = {
      ...(q.from ? { from: q.from } : {}), ...(q.to ? { to: q.to } : {}),
      ...(q.riskFactor.length ? { risk_factor: q.riskFactor } : {}), ...(q.riskCategory.length ? { risk_category: q.riskCategory } : {}),
    };
    const paging = {
      filters, limit: q.limit,
      ...(start + q.limit < all.length ? { next: encode(start + q.limit) } : {}),
      ...(start > 0 ? { prev: encode(start) } : {}),
      size: { count: all.length, qualifier: 'eq' as const },
    };
    if (projectEntityId !== undefined) {
      return { ...paging, data: { project_id: projectId, project_entity_id: projectEntityId, risk_factors: page.map(factorOf) } };
    }
    // One entry per project entity, in the order of its first change on the page.
    const grouped = new Map<string, ReturnType<typeof factorOf>[]>();
    for (const c of page) grouped.set(c.project_entity_id, [...(grouped.get(c.project_entity_id) ?? []), factorOf(c)]);
    return { ...paging, data: { project_id: projectId, risk_changes: [...grouped].map(([id, risk_factors]) => ({ project_entity_id: id, risk_factors })) } };
  }

  /** Deletes the changes the filters select (every one without filters); editor. They are not shown again. */
  async delete(principal: Principal, projectId: string, projectEntityId: string | undefined, q: RiskChangeQuery) {
    await this.check(principal, projectId, projectEntityId, 'editor');
    const selected = (await this.store.all(projectId)).filter(matcher(q, projectEntityId));
    const deleted = await this.store.delete(projectId, selected.map((c) => c.change_id));
    await this.recordEvent(principal, 'project_entity.risk_changes_deleted', {
      project_id: projectId, ...(projectEntityId ? { project_entity_id: projectEntityId } : {}), deleted, at: now(),
    });
    return { deleted };
  }
}
