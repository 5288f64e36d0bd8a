/**
 * A real `graph-api worker` child process for integration tests (so a test can SIGKILL it),
 * waiting for the re-scoring queue to drain, and saving entities to projects.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { outboxSize } from '../../src/services/risk';
import { QUEUE_NAMES } from '../../src/workers/queues';
import { REPO, testEnv } from './env';
import { startHarness, type Harness } from './harness';

const CLI = path.join(REPO, 'dist', 'src', 'cli.js');

export interface WorkerProcess {
  child: ChildProcess;
  /** stderr so far (pino logs at LOG_LEVEL). */
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export function startWorker(env: Record<string, string> = {}): WorkerProcess {
  const child = spawn(process.execPath, [CLI, 'worker'], {
    env: { ...testEnv(), LOG_LEVEL: 'warn', ...env } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => stderr,
    kill: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the re-scoring queue has nothing waiting, delayed or active and the outbox is empty. */
export async function waitForIdle(h: Harness, timeoutMs = 90_000): Promise<void> {
  const queue = h.queues.queue(QUEUE_NAMES.rescore);
  const deadline = Date.now() + timeoutMs;
  let quiet = 0;
  while (Date.now() < deadline) {
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
    const busy = Object.values(counts).reduce((a, b) => a + b, 0);
    const outbox = await outboxSize(h.graph);
    quiet = busy === 0 && outbox === 0 ? quiet + 1 : 0;
    if (quiet >= 2) return;
    await sleep(100);
  }
  const failed = await queue.getFailed();
  throw new Error(`re-scoring queue not idle after ${timeoutMs} ms; failed jobs: ${failed.map((j) => j.failedReason).join('; ')}`);
}

/** Ingests like `graph-api ingest` does: the touched entities are queued for re-scoring once committed. */
export async function ingestAndQueue(h: Harness, file: string): Promise<string[]> {
  let touched: string[] = [];
  await h.ingest(file, {
    onCommitted: async (ids) => {
      touched = ids;
      await h.queues.enqueueEntities([QUEUE_NAMES.rescore], ids, 'ingest');
    },
  });
  return touched;
}

/**
 * A project of the harness's caller with one project entity per entity id, made through the
 * projects API; returns the project id and the project entity ids by entity id. Throws (with
 * the status and body) when the projects API does not answer 200, so a broken projects API
 * fails the risk tests instead of being papered over.
 */
export async function saveEntities(h: Harness, entityIds: string[], label = 'risk test'): Promise<{ projectId: string; resources: Map<string, string> }> {
  const created = await h.json('/v1/projects', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ label }) });
  if (created.status !== 200) throw new Error(`creating project: ${created.status} ${JSON.stringify(created.body)}`);
  const projectId = created.body?.data?.id as string;
  if (typeof projectId !== 'string' || projectId === '') throw new Error(`creating project: no data.id in ${JSON.stringify(created.body)}`);
  for (const id of entityIds) {
    const added = await h.json(`/v1/projects/${projectId}/entities/create`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ entity_ids: [id] }),
    });
    if (added.status !== 200) throw new Error(`adding ${id} to project: ${added.status} ${JSON.stringify(added.body)}`);
  }
  const resources = new Map<string, string>();
  const rows = await h.graph.read(
    'MATCH (:Project {id: $projectId})-[:HAS_ENTITY]->(pe:ProjectEntity)-[:MATCHES]->(e:Entity) RETURN pe.id AS pe, e.id AS e',
    { projectId },
  );
  for (const r of rows) resources.set(r.get('e') as string, r.get('pe') as string);
  const missing = entityIds.filter((id) => !resources.has(id));
  if (missing.length > 0) throw new Error(`project ${projectId} has no project entity for ${missing.join(', ')}`);
  return { projectId, resources };
}

/**
 * Registers the suite's hooks for a harness with a running `graph-api worker`: both start
 * before the suite's tests and stop after them; `ready` receives the harness once it is up.
 */
export function useHarnessWithWorker(ready: (h: Harness) => void): void {
  let h: Harness | undefined;
  let worker: WorkerProcess | undefined;
  beforeAll(async () => {
    h = await startHarness();
    worker = startWorker();
    ready(h);
  });
  afterAll(async () => {
    await worker?.kill();
    await h?.close();
  });
}
