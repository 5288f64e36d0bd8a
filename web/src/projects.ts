/** Projects: the caller's projects, one project's entities (match strength, risk) and its notifications feed. */
import type { Api } from './api';
import { byId, clear, h, withProgress } from './dom';
import { markOf, type Entity } from './graph';

interface Project { id: string; label: string; counts?: { entity?: number } }
interface ProjectEntity { id: string; entity_id: string; label: string; entity_ids?: string[]; match_strength?: { value?: string } | string; summary?: Entity }
interface Notice { entity_id: string; notifications: { field: string; date?: string; type: string }[]; risk_notifications?: { added?: string[]; removed?: string[] } }

export class Projects {
  constructor(private readonly api: Api, private readonly open: (id: string) => void) {}

  async load(): Promise<void> {
    const list = byId('projects');
    const page = await this.api.get<{ data: Project[] }>('/v1/projects', { limit: 100 });
    clear(list);
    if (!page.data.length) list.append(h('li', {}, 'No projects yet.'));
    for (const p of page.data) {
      const b = h('button', { type: 'button', 'data-project': p.id }, p.label, h('span', { class: 'badge' }, `${p.counts?.entity ?? 0} entities`));
      b.addEventListener('click', () => void this.openProject(p));
      list.append(h('li', {}, b));
    }
  }

  async openProject(p: Project): Promise<void> {
    byId('project-title').textContent = p.label;
    const entities = byId('project-entities');
    const notes = byId('notifications');
    const [page, feed] = await withProgress(byId('search-status'), 'Loading the project…', Promise.all([
      this.api.get<{ data: ProjectEntity[] }>(`/v1/projects/${encodeURIComponent(p.id)}/entities`, { limit: 100 }),
      this.api.get<{ data: Notice[] }>(`/v1/notifications/projects/${encodeURIComponent(p.id)}`, { sort: '-date', limit: 100 }),
    ]));
    clear(entities);
    for (const e of page.data) {
      const summary = e.summary;
      const mark = summary ? markOf(summary) : 'plain';
      const strength = typeof e.match_strength === 'string' ? e.match_strength : e.match_strength?.value;
      const factors = Object.entries(summary?.risk ?? {});
      const b = h('button', { type: 'button', 'data-id': e.entity_id, 'data-mark': mark }, e.label,
        h('span', { class: 'badge' }, `match: ${strength ?? `${e.entity_ids?.length ?? 1} matched`}`),
        mark !== 'plain' && h('span', { class: `badge ${mark === 'risky' ? 'elevated' : mark}` }, mark),
        h('br'), factors.length ? `${factors.length} risk factors, highest ${highest(factors.map(([, r]) => r.level))}` : 'no risk factors');
      b.addEventListener('click', () => this.open(e.entity_id));
      entities.append(h('li', {}, b));
    }
    if (!page.data.length) entities.append(h('li', {}, 'No entities in this project.'));
    clear(notes);
    for (const n of feed.data) {
      for (const item of n.notifications) notes.append(h('li', {}, `${item.date ?? ''} ${n.entity_id}: ${item.field} changed`));
      const added = n.risk_notifications?.added ?? [];
      const removed = n.risk_notifications?.removed ?? [];
      if (added.length || removed.length) notes.append(h('li', {}, `${n.entity_id}: added ${added.join(', ') || 'none'}; removed ${removed.join(', ') || 'none'}`));
    }
    if (!notes.childElementCount) notes.append(h('li', {}, 'No notifications.'));
  }
}

const ORDER = ['critical', 'high', 'elevated', 'low'];
function highest(levels: (string | undefined)[]): string {
  return ORDER.find((l) => levels.includes(l)) ?? levels.find(Boolean) ?? 'unknown';
}
