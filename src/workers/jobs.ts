/**
 * What a processor receives: the job data every queue carries and the worker's dependencies.
 * Apart from worker.ts so the processors need not import the module that registers them.
 */
import type { Job } from 'bullmq';
import type pino from 'pino';
import type { Config } from '../config';
import type { Graph } from '../graph/neo4j';
import type { Queues } from './queues';

/**
 * Entities to process. `change`: shared by the jobs queued together after one committed change
 * (absent on jobs queued before it existed); re-scoring scores each entity once per change.
 */
export interface EntityJob { entityIds: string[]; reason: string; change?: string }

/** A resolution upload to process (QUEUE_NAMES.upload). */
export interface UploadJob { uploadId: string }

export interface WorkerDeps { config: Config; graph: Graph; logger: pino.Logger; queues: Queues }

/** Each queue's processor names its own job data (EntityJob, UploadJob). */
export type Processor<T = any> = (job: Job<T>, deps: WorkerDeps) => Promise<unknown>;
