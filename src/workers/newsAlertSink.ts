/**
 * The sink of adverse-media monitoring alerts: each alert goes to its project's notification
 * feed, then becomes an `adverse_media.new` webhook event. Emitting follows delivery, so a
 * failure leaves the alert in the outbox for the next flush; both steps are idempotent by the
 * alert id.
 */
import type { NotificationSink } from '../domain/notifications';
import type { AlertItem } from '../services/news/alerts';
import type { WebhookDispatcher } from '../services/webhooks/dispatch';

export class NewsAlertSink implements NotificationSink {
  constructor(private readonly feed: NotificationSink, private readonly webhooks: () => WebhookDispatcher) {}

  async deliver(items: Parameters<NotificationSink['deliver']>[0]): Promise<void> {
    await this.feed.deliver(items);
    await this.webhooks().adverseMediaNew(items as AlertItem[]);
  }
}
