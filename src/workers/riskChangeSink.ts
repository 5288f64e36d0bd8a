/**
 * The notification sink of the risk re-scoring worker, wrapped: every delivered project
 * notification is also recorded as per-factor risk changes (src/feeds/riskChanges.ts), which
 * the newer client reads with getProjectRiskChanges. Recording follows delivery, so a failure
 * leaves the job to be retried, and both steps are idempotent.
 */
import type { RiskChangeStore } from '../feeds/riskChanges';
import type { NotificationSink } from '../services/risk';

export class RiskChangeRecordingSink implements NotificationSink {
  constructor(private readonly inner: NotificationSink, private readonly changes: RiskChangeStore) {}

  async deliver(items: Parameters<NotificationSink['deliver']>[0]): Promise<void> {
    await this.inner.deliver(items);
    await this.changes.record(items);
  }
}
