/**
 * False-positive silencing, a step of its own in front of every notification sink: a project
 * entity whose match is marked a false positive gets no notification and no risk change from
 * that entity again, unless the entity gains a risk factor it did not have when the decision
 * was made (the set is kept on the match, cypher/uploads.cypher match-decide). Such a change is
 * delivered whole, since the reviewer should look at the match again.
 *
 * Filtering at delivery rather than when the outbox row is written keeps the scorer's
 * transaction unchanged, and also silences a change scored before the decision and delivered
 * after it.
 */
import { cypher } from '../../graph/cypherFiles';
import type { Graph } from '../../graph/neo4j';
import type { NotificationSink } from './notifications';

type Items = Parameters<NotificationSink['deliver']>[0];

/** Whether a change adding `added` stays silent for a false positive decided when the entity had `decided`. */
export function silencedByFalsePositive(added: string[], decided: string[]): boolean {
  const known = new Set(decided);
  return added.every((factor) => known.has(factor));
}

export class FalsePositiveFilter implements NotificationSink {
  constructor(private readonly graph: Graph, private readonly inner: NotificationSink) {}

  /** Delivers the items that are not silenced; the silenced ones are dropped (the outbox lets them go). */
  async deliver(items: Items): Promise<void> {
    const kept = await this.unsilenced(items);
    if (kept.length) await this.inner.deliver(kept);
  }

  private async unsilenced(items: Items): Promise<Items> {
    if (!items.length) return items;
    const pairs = items.map((i) => ({ resource: i.data.resource_id, entity: i.data.entity_id }));
    const rows = await this.graph.read(cypher('matchDecisions', 'false-positive-matches'), { pairs });
    if (!rows.length) return items;
    const decided = new Map(rows.map((r) => [`${r.get('resource') as string}\n${r.get('entity') as string}`, r.get('factors') as string[]]));
    return items.filter((i) => {
      const factors = decided.get(`${i.data.resource_id}\n${i.data.entity_id}`);
      return factors === undefined || !silencedByFalsePositive(i.data.risk_notifications.added, factors);
    });
  }
}
