/**
 * NDJSON answers (`application/x-ndjson`): one JSON value a line, each line ended by "\n",
 * read from an async source as the client takes them, so an answer of any length is sent in
 * the memory of one batch.
 */
import { Readable } from 'node:stream';

export const NDJSON = 'application/x-ndjson';

export function ndjsonStream(items: AsyncIterable<unknown>): Readable {
  async function* lines() {
    for await (const item of items) yield `${JSON.stringify(item)}\n`;
  }
  return Readable.from(lines(), { objectMode: false });
}
