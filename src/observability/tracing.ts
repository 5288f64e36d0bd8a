/**
 * OpenTelemetry traces over OTLP/HTTP: the SDK's own instrumentations for HTTP (incoming and
 * outgoing), Express (route spans, the route template on the request span) and ioredis, a
 * span per Neo4j statement from the adapter's statement observers (there is no maintained
 * OpenTelemetry instrumentation of neo4j-driver), and a span per BullMQ job from BullMQ's own
 * telemetry option with its OpenTelemetry add-on (bullmq-otel, ./jobTelemetry.ts). Loaded
 * only when an endpoint is configured.
 */
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { BullMQOtel } from 'bullmq-otel';
import { observeStatements } from '../graph/statements';
import { setJobTelemetry } from './jobTelemetry';

/** Probes and scrapes are not traced: they would outnumber the requests worth a trace. */
const UNTRACED_PATHS = new Set(['/health', '/ready', '/metrics']);

/**
 * Starts tracing to `<endpoint>/v1/traces` as `serviceName`; returns the function that flushes
 * the spans not yet sent and stops. Call before express, ioredis and bullmq are loaded: the
 * instrumentations patch a module when it is first required.
 */
export function startTracing(endpoint: string, serviceName: string): () => Promise<void> {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }))],
  });
  provider.register();
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has((req.url ?? '').split('?')[0]) }),
      new ExpressInstrumentation(),
      new IORedisInstrumentation(),
    ],
  });
  const tracer = trace.getTracer('graph-api');
  // Queues and workers made from now on pass it to BullMQ: `process <queue>` spans (consumer)
  // for jobs, `add <queue>` spans for producers, the producer's context carried in the job.
  setJobTelemetry(new BullMQOtel({ tracerName: 'bullmq' }));
  const stopObserving = observeStatements((name) => {
    const span = tracer.startSpan(`neo4j ${name}`, {
      kind: SpanKind.CLIENT,
      attributes: { 'db.system.name': 'neo4j', 'db.system': 'neo4j', 'db.query.summary': name },
    });
    return (error) => {
      if (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: String((error as { code?: unknown }).code ?? (error as Error).message ?? '') });
      }
      span.end();
    };
  });
  return async () => {
    setJobTelemetry(undefined);
    stopObserving();
    unregister();
    await provider.shutdown();
  };
}
