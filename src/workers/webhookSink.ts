/**
 * The notification sink of the risk re-scoring worker, wrapped once more: after the inner sink
 * has delivered (and recorded) the project notifications, each becomes a `risk.changed` webhook
 * event. Emitting follows delivery, so a failure leaves the job to be retried; both steps are
 * idempotent (a delivery id is derived from the notification id).
 */
import type { NotificationSink } from '../services/risk';
import type { WebhookDispatcher } from '../services/webhooks/dispatch';

export class WebhookEventSink implements NotificationSink {
  constructor(private readonly inner: NotificationSink, private readonly webhooks: () => WebhookDispatcher) {}

  async deliver(items: Parameters<NotificationSink['deliver']>[0]): Promise<void> {
    await this.inner.deliver(items);
    await this.webhooks().riskChanged(items);
  }
}
