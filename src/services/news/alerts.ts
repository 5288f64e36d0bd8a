/**
 * Monitoring of adverse media: the alerts an import queues in Neo4j (cypher/news.cypher
 * news-alerts-queue, in the import's transaction) are moved from that outbox to a notification
 * sink (the project feeds, then `adverse_media.new` webhooks), then deleted. Delivery is by
 * alert id (project entity and article) and idempotent, so a crash between the two steps, or
 * two workers flushing at once, delivers each alert once; the drain is the risk outbox's
 * (src/services/outbox/drain.ts), for a second kind of notification.
 *
 * A project entity whose match is marked a false positive gets no alert from that match: an
 * article is not a risk factor the reviewer could not have seen, so nothing reopens the
 * decision. Filtering at delivery also silences an alert queued before the decision.
 */
import type { ArticleAlert, NotificationSink, ProjectNotificationData } from '../../domain/notifications';
import { cypher } from '../../graph/cypherFiles';
import type { Graph } from '../../graph/neo4j';
import { OutboxDrain } from '../outbox/drain';

export type AlertItem = { id: string; projectId: string; score: number; data: ProjectNotificationData & { adverse_media: ArticleAlert } };

/** `flush()` moves every pending alert to the sink (false positives dropped) and answers how many were delivered. */
export class NewsAlertOutbox extends OutboxDrain<AlertItem> {
  constructor(graph: Graph, sink: NotificationSink) {
    super(graph, sink, {
      file: 'news',
      pending: 'news-alerts-pending',
      remove: 'news-alerts-delete',
      rowId: (r) => (r.get('alert') as { id: string }).id,
      items: (rows) => unsilenced(graph, rows
        .map((r) => alertItem(r.get('alert') as Record<string, unknown>, r.get('article') as Record<string, unknown> | null))
        .filter((i): i is AlertItem => i !== undefined)),
    });
  }
}

/** The items whose match is not marked a false positive. */
async function unsilenced(graph: Graph, items: AlertItem[]): Promise<AlertItem[]> {
  if (!items.length) return items;
  const pairs = items.map((i) => ({ resource: i.data.resource_id, entity: i.data.entity_id }));
  const rows = await graph.read(cypher('matchDecisions', 'false-positive-matches'), { pairs });
  const silenced = new Set(rows.map((r) => `${r.get('resource') as string}\n${r.get('entity') as string}`));
  return items.filter((i) => !silenced.has(`${i.data.resource_id}\n${i.data.entity_id}`));
}

/** Alerts in the outbox (tests, tools). */
export async function alertOutboxSize(graph: Graph): Promise<number> {
  const [row] = await graph.read(cypher('news', 'news-alerts-count'));
  return Number(row.get('n'));
}

/** The notification of one outbox row; undefined when its article is gone (nothing left to show). */
function alertItem(o: Record<string, unknown>, a: Record<string, unknown> | null): AlertItem | undefined {
  if (!a) return undefined;
  const ids = (o.path as string[]) ?? [];
  const steps = (o.steps as string[]) ?? [];
  const date = o.date as string;
  const custom = o.custom_fields as string | null | undefined;
  return {
    id: o.id as string,
    projectId: o.project_id as string,
    score: Number(o.score),
    data: {
      resource_id: o.resource_id as string,
      entity_id: o.entity_id as string,
      notifications: [],
      risk_notifications: { added: [], removed: [], date },
      ...(custom ? { custom_fields: JSON.parse(custom) as Record<string, string> } : {}),
      adverse_media: {
        article_id: a.id as string, title: a.title as string, url: a.url as string, source: a.source as string,
        published: a.published as string, topics: (a.topics as string[]) ?? [], risk_flags: (a.risk_flags as string[]) ?? [],
        entity_id: o.named_id as string,
        path: steps.map((relationship, i) => ({ from: ids[i], relationship, to: ids[i + 1] })),
      },
    },
  };
}
