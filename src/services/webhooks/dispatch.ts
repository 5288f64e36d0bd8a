/**
 * Turns product events into webhook deliveries: for each enabled subscription of the event's
 * project that takes its type, one delivery (id derived from the subscription and the event, so
 * the same event reported twice makes one) and one job on the delivery queue. The body follows
 * the Standard Webhooks shape `{type, timestamp, data}`. An archived project's subscriptions
 * are paused: its events make no delivery. A project no longer in the graph has its
 * subscriptions and their deliveries removed when one of its events comes.
 */
import { createHash } from 'node:crypto';
import type { Delivery, Subscription, WebhookEvent, WebhookStore } from '../../feeds/webhooks';

/** What the delivery queue's jobs carry (QUEUE_NAMES.webhook). */
export interface WebhookJob { deliveryId: string; projectId: string; subscriptionId: string; trigger: 'event' | 'resend' }

/** Adds a delivery job; `jobId` makes adding the same job twice a no-op. */
export type EnqueueDelivery = (job: WebhookJob, jobId: string) => Promise<void>;

/** A delivered project risk notification, as far as webhooks need it (src/services/risk). */
export interface RiskNotificationItem {
  id: string;
  projectId: string;
  data: { resource_id: string; entity_id: string; notifications: { field: string }[]; risk_notifications: { added: string[]; removed: string[]; date: string } };
}

/** A delivered alert of a new article, as far as webhooks need it (src/services/news/alerts.ts). */
export interface ArticleAlertItem {
  id: string;
  projectId: string;
  data: { resource_id: string; entity_id: string; risk_notifications: { date: string }; adverse_media?: Record<string, unknown> | object };
}

/** A finished resolution upload, as far as webhooks need it (src/services/uploads/store.ts). */
export interface FinishedUpload {
  id: string; project_id: string; file: string; count: number; matched: number; unmatched: number; failed: number; finished_at?: string;
}

/** Where a project stands, for its webhooks: active (deliveries go), archived (paused) or gone. */
export type ProjectState = 'active' | 'archived' | 'missing';
export type ProjectStateOf = (projectId: string) => Promise<ProjectState>;

export function deliveryId(subscriptionId: string, type: WebhookEvent, eventKey: string): string {
  return `msg_${createHash('sha256').update(`${subscriptionId}\n${type}\n${eventKey}`).digest('base64url').slice(0, 27)}`;
}

export class WebhookDispatcher {
  constructor(private readonly store: WebhookStore, private readonly enqueue: EnqueueDelivery, private readonly projectState: ProjectStateOf) {}

  /** The project's subscriptions, none while the project is archived or not in the graph. */
  private async subscriptionsOf(projectId: string): Promise<Subscription[]> {
    const subs = await this.store.subscriptions(projectId);
    if (!subs.length) return subs;
    return (await this.projectState(projectId)) === 'active' ? subs : [];
  }

  /** Makes and queues the deliveries of one event (`known`: the project's active subscriptions); answers how many subscriptions take it. */
  async emit(projectId: string, type: WebhookEvent, eventKey: string, timestamp: string, data: Record<string, unknown>, known?: Subscription[]): Promise<number> {
    const subs = (known ?? (await this.subscriptionsOf(projectId))).filter((s) => s.enabled && s.events.includes(type));
    for (const sub of subs) {
      const delivery: Delivery = {
        id: deliveryId(sub.id, type, eventKey), subscription_id: sub.id, project_id: projectId, event_type: type,
        created: new Date().toISOString(), body: JSON.stringify({ type, timestamp, data }),
      };
      const created = await this.store.createDelivery(delivery);
      // A delivery made before a crash and never attempted is queued again; the job id keeps it single.
      if (created || (await this.store.delivery(delivery.id))?.status === 'pending') {
        await this.enqueue({ deliveryId: delivery.id, projectId, subscriptionId: sub.id, trigger: 'event' }, delivery.id);
      }
    }
    return subs.length;
  }

  /** `risk.changed`: one event per project notification (a project entity's risk factors changed). */
  async riskChanged(items: RiskNotificationItem[]): Promise<void> {
    // One read of a project's subscriptions per batch: a re-scoring chunk can notify many entities of one project.
    const byProject = new Map<string, Subscription[]>();
    for (const item of items) {
      let subs = byProject.get(item.projectId);
      if (!subs) byProject.set(item.projectId, (subs = await this.subscriptionsOf(item.projectId)));
      if (!subs.length) continue;
      const { added, removed, date } = item.data.risk_notifications;
      const changed = item.data.notifications.map((n) => n.field).filter((f) => !added.includes(f) && !removed.includes(f));
      await this.emit(item.projectId, 'risk.changed', item.id, date, {
        project_id: item.projectId, project_entity_id: item.data.resource_id, entity_id: item.data.entity_id,
        notification_id: item.id, added, removed, changed, date,
      }, subs);
    }
  }

  /** `adverse_media.new`: one event per delivered alert of a new article (src/services/news/alerts.ts). */
  async adverseMediaNew(items: ArticleAlertItem[]): Promise<void> {
    const byProject = new Map<string, Subscription[]>();
    for (const item of items) {
      let subs = byProject.get(item.projectId);
      if (!subs) byProject.set(item.projectId, (subs = await this.subscriptionsOf(item.projectId)));
      if (!subs.length) continue;
      const date = item.data.risk_notifications.date;
      await this.emit(item.projectId, 'adverse_media.new', item.id, date, {
        project_id: item.projectId, project_entity_id: item.data.resource_id, entity_id: item.data.entity_id,
        notification_id: item.id, article: item.data.adverse_media, date,
      }, subs);
    }
  }

  /** `upload.finished`: a resolution upload has processed all its rows. */
  async uploadFinished(upload: FinishedUpload): Promise<void> {
    const timestamp = upload.finished_at ?? new Date().toISOString();
    await this.emit(upload.project_id, 'upload.finished', upload.id, timestamp, {
      project_id: upload.project_id, upload_id: upload.id, file: upload.file, count: upload.count,
      matched: upload.matched, unmatched: upload.unmatched, failed: upload.failed, finished_at: timestamp,
    });
  }
}
