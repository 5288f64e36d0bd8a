/**
 * Imported first by the CLI: for the long-running commands, starts tracing when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, before any instrumented module is loaded. Without it
 * the OpenTelemetry packages are never required.
 */
import { loadConfig } from '../config';

const TRACED_COMMANDS: Record<string, string> = { serve: 'graph-api', start: 'graph-api', worker: 'graph-api-worker' };

let stop: () => Promise<void> = async () => undefined;

const serviceName = TRACED_COMMANDS[process.argv[2] ?? ''];
if (serviceName) {
  let endpoint: string | undefined;
  try {
    endpoint = loadConfig().otlpEndpoint;
  } catch {
    // The command itself reports a bad configuration, naming the variable.
  }
  if (endpoint) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const tracing = require('./tracing') as typeof import('./tracing');
    stop = tracing.startTracing(endpoint, serviceName);
  }
}

/** Sends the spans not yet sent and stops tracing (nothing when tracing is off). */
export const stopTracing = (): Promise<void> => stop();
