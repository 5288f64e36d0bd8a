/**
 * The BullMQ telemetry (a span per job processed, with its queue, name, id, attempts and
 * outcome) that queues and workers are given: set by ./tracing.ts when tracing starts, else
 * undefined, so without OTEL_EXPORTER_OTLP_ENDPOINT BullMQ runs with no telemetry and the
 * add-on is never loaded. Kept apart from tracing.ts so reading it loads no OpenTelemetry code.
 */
import type { Telemetry } from 'bullmq';

let telemetry: Telemetry | undefined;

export function setJobTelemetry(value: Telemetry | undefined): void {
  telemetry = value;
}

/** The telemetry option of a BullMQ Queue or Worker: `{ telemetry }` when tracing, else `{}`. */
export function jobTelemetryOption(): { telemetry?: Telemetry } {
  return telemetry ? { telemetry } : {};
}
