/**
 * The notification outbox: risk changes are queued in Neo4j in the same transaction as the
 * score (cypher/risk.cypher apply-scores) and moved from there to the feed, so a crash between
 * the two loses nothing. See docs/risk-and-notifications.md.
 */
import { neo4j } from '../../graph/driver';
import { cypher } from '../../graph/cypherFiles';
import type { Graph } from '../../graph/neo4j';
import type { EntityRiskChange, NotificationSink } from './notifications';

/** Rows moved per read of the outbox. */
const OUTBOX_PAGE = 500;

export class NotificationOutbox {
  /** One flush at a time per outbox (a scorer's chunks in flight share it). */
  private flushing: Promise<unknown> = Promise.resolve();

  constructor(private readonly graph: Graph, private readonly sink: NotificationSink) {}

  /**
   * Moves committed notifications from the Neo4j outbox to the feed, then deletes them from
   * the outbox. Delivery is idempotent by notification id, so a crash between the two steps
   * delivers again without a duplicate, and other workers flushing the same rows at once is
   * harmless. Returns the number moved.
   */
  flush(): Promise<number> {
    const run = this.flushing.then(() => this.flushPending());
    this.flushing = run.catch(() => undefined);
    return run;
  }

  private async flushPending(): Promise<number> {
    let moved = 0;
    for (;;) {
      const rows = await this.graph.read(cypher('risk', 'outbox-pending'), { limit: neo4j.int(OUTBOX_PAGE) });
      if (!rows.length) return moved;
      const items = rows.map((r) => {
        const change = JSON.parse(r.get('payload') as string) as EntityRiskChange;
        const custom = r.get('custom_fields') as string | null;
        return {
          id: r.get('id') as string,
          projectId: r.get('project_id') as string,
          score: r.get('score') as number,
          // The saved entity's custom fields, as the spec's ProjectNotificationData carries them.
          data: { resource_id: r.get('resource_id') as string, ...change, ...(custom ? { custom_fields: JSON.parse(custom) as Record<string, string> } : {}) },
        };
      });
      await this.sink.deliver(items);
      await this.graph.write(cypher('risk', 'outbox-delete'), { ids: items.map((i) => i.id) });
      moved += items.length;
    }
  }
}
