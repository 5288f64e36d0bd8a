import pino from 'pino';
import type { Config } from './config';

/** Structured JSON logs on stderr, so stdout stays free for command output. */
export function createLogger(config: Config, name = 'graph-api'): pino.Logger {
  return pino({ name, level: config.logLevel }, pino.destination(2));
}
