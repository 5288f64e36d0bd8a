/** Projects for the tests that work inside one: created over HTTP like any client would. */

/** A caller of the API: `callAs(h, user, org)`, or any function of the same shape. */
export type ProjectCaller = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;

export interface NewProjectOptions {
  /** The project's label (default `P`). */
  label?: string;
  /** More fields of the creation body, e.g. `{ type: 'supply_chain' }`. */
  extra?: Record<string, unknown>;
  /** The role (`viewer`, `editor`, ...) the caller's organisation gets: `share: { org: role }`. */
  share?: string;
}

/** `POST /v1/projects` as `call`; asserts the 200 and answers the new project's id. */
export async function newProject(call: ProjectCaller, opts: NewProjectOptions = {}): Promise<string> {
  const body = { label: opts.label ?? 'P', ...(opts.share ? { share: { org: opts.share } } : {}), ...opts.extra };
  const res = await call('POST', '/v1/projects', body);
  expect(res.status).toBe(200);
  return res.body.data.id;
}
