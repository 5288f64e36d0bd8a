/**
 * Entity reports rendered on worker threads (piscina). Laying out and subsetting the fonts of
 * one report takes 130-250 ms of CPU here; on the event loop that would stall every other
 * request for as long. Threads start with the first report and stop after a minute idle. The
 * queue is bounded: past it a report is refused with 503 and Retry-After, rather than piling
 * up memory and latency.
 */
import os from 'node:os';
import path from 'node:path';
import Piscina from 'piscina';
import { ApiError } from '../errors';

export interface PdfRendererOptions {
  /** Threads at most; default half the cores, so the rest stay with the event loop (and, on a small host, Neo4j). */
  threads?: number;
  /** Reports waiting for a thread before further ones are refused; default 32. */
  maxQueued?: number;
}

export class PdfRenderer {
  private readonly pool: Piscina;
  private readonly maxQueued: number;

  constructor(options: PdfRendererOptions = {}) {
    this.maxQueued = options.maxQueued ?? 32;
    this.pool = new Piscina({
      filename: path.join(__dirname, 'entityPdfWorker.js'),
      minThreads: 0,
      maxThreads: options.threads ?? Math.max(1, Math.floor(os.availableParallelism() / 2)),
      idleTimeout: 60_000,
      maxQueue: this.maxQueued,
    });
  }

  async entity(entity: Record<string, unknown>, generatedAt = new Date()): Promise<Buffer> {
    try {
      const pdf = (await this.pool.run({ entity, generatedAt: generatedAt.getTime() })) as Uint8Array;
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    } catch (err) {
      // piscina refuses a task past maxQueue with this message.
      if (/queue is at limit/i.test((err as Error).message)) {
        throw new ApiError(503, [`PDF rendering is busy (${this.maxQueued} reports waiting); retry shortly`], 'status', { 'Retry-After': '2' });
      }
      throw err;
    }
  }

  /** Stops the threads (pending reports are rejected). */
  close(): Promise<void> {
    return this.pool.destroy();
  }
}
