/**
 * What a processor receives: the job data every queue carries and the worker's dependencies.
 * Apart from worker.ts so the processors need not import the module that registers them.
 */
import type { Job } from 'bullmq';
import type pino from 'pino';
import type { Config } from '../config';
import type { Graph } from '../graph/neo4j';
import type { Queues } from './queues';

export interface EntityJob { entityIds: string[]; reason: string }

export interface WorkerDeps { config: Config; graph: Graph; logger: pino.Logger; queues: Queues }

export type Processor = (job: Job<EntityJob>, deps: WorkerDeps) => Promise<unknown>;
