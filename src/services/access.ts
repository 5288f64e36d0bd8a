/**
 * Project access. The creating user (same user and org) is admin; when the project is shared,
 * every member of the owner's organisation has the shared role. Nobody else sees the project:
 * for them it does not exist (404, never 403, never its data). A caller who can see the project
 * but lacks the role for an action gets 403.
 *
 * viewer: read the project, its entities and snapshots.
 * editor: add project entities, replace matches, create snapshots.
 * admin:  every delete (archive the project, delete a project entity, delete a snapshot).
 */
import { ApiError, notFound } from '../domain/errors';
import type { Principal } from './auth';

export const ROLES = ['viewer', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];
const RANK: Record<Role, number> = { viewer: 1, editor: 2, admin: 3 };

export const isRole = (v: unknown): v is Role => typeof v === 'string' && (ROLES as readonly string[]).includes(v);

/** The access fields of a Project node. */
export interface ProjectAccess {
  id: string;
  owner_user: string;
  owner_org: string;
  share_org?: string | null;
  share_role?: string | null;
  archived?: boolean | null;
}

/** The caller's role on the project, or undefined when the project does not exist for them. */
export function roleOf(project: ProjectAccess, principal: Principal): Role | undefined {
  if (project.owner_user === principal.user && project.owner_org === principal.org) return 'admin';
  if (project.share_org && project.share_org === principal.org && isRole(project.share_role)) return project.share_role;
  return undefined;
}

export const projectNotFound = (id: string): ApiError => notFound(`project ${JSON.stringify(id)}`);

/** A change to an archived project (archival is a soft delete: what is archived stays as it was). */
export const archivedConflict = (id: string): ApiError => new ApiError(409, [`project ${JSON.stringify(id)} is archived; archived projects are read-only`]);

/**
 * The caller's role when it is at least `needed`. Throws 404 when the project is absent or
 * invisible to the caller (the same answer, so existence does not leak), 403 when visible with
 * a lower role.
 */
export function requireRole(project: ProjectAccess | undefined, id: string, principal: Principal, needed: Role): Role {
  const role = project ? roleOf(project, principal) : undefined;
  if (!project || !role) throw projectNotFound(id);
  if (RANK[role] < RANK[needed]) {
    throw new ApiError(403, [`project ${JSON.stringify(id)}: this needs the ${needed} role; yours is ${role}`]);
  }
  return role;
}
