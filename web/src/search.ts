/**
 * Search as you type on /v1/search/entity, with the API's facets (type, country, source) as
 * filters and a risk filter (sanctioned, PEP, other risk) applied to the answered page.
 */
import type { Api } from './api';
import { byId, clear, h, highlighted, withProgress } from './dom';
import { markOf, type Entity, type Mark } from './graph';

interface Hit extends Entity { matches?: Record<string, string[]> }
interface Bucket { key: string; doc_count: number }
interface SearchPage { data: Hit[]; size: { count: number; qualifier: string }; facets?: Record<string, Bucket[]> }

const FACETS: [string, string][] = [['entity_type', 'Type'], ['country', 'Country'], ['source', 'Source']];
const RISKS: [Mark, string][] = [['sanctioned', 'Sanctioned'], ['pep', 'PEP'], ['risky', 'Other risk'], ['plain', 'No risk']];

export class Search {
  private readonly filters = new Set<string>();
  private readonly risks = new Set<Mark>();
  private seq = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly input = byId<HTMLInputElement>('q');
  private readonly status = byId('search-status');

  constructor(private readonly api: Api, private readonly open: (id: string) => void) {
    this.input.addEventListener('input', () => {
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.run(), 200);
    });
  }

  async run(): Promise<void> {
    const q = this.input.value.trim();
    const seq = ++this.seq;
    if (!q) {
      clear(byId('results'));
      clear(byId('facets'));
      this.status.textContent = '';
      return;
    }
    try {
      const page = await withProgress(this.status, 'Searching…', this.api.get<SearchPage>('/v1/search/entity', {
        q, facets: true, limit: 50, filters: [...this.filters],
      }));
      if (seq !== this.seq) return; // a later keystroke's answer wins
      const hits = this.risks.size ? page.data.filter((d) => this.risks.has(markOf(d))) : page.data;
      this.status.textContent = `${page.size.qualifier === 'eq' ? '' : 'at least '}${page.size.count} found${this.risks.size ? `, ${hits.length} shown after the risk filter` : ''}`;
      this.renderFacets(page);
      this.renderResults(hits);
    } catch (err) {
      if (seq === this.seq) this.status.textContent = (err as Error).message;
    }
  }

  private renderFacets(page: SearchPage): void {
    const box = byId('facets');
    clear(box);
    const option = (checked: boolean, text: string, toggle: (on: boolean) => void) => {
      const input = h('input', { type: 'checkbox', checked });
      input.addEventListener('change', () => { toggle(input.checked); void this.run(); });
      return h('label', {}, input, text);
    };
    for (const [key, title] of FACETS) {
      const buckets = (page.facets?.[key] ?? []).slice(0, 10);
      const chosen = [...this.filters].filter((f) => f.startsWith(`${key}=`)).map((f) => f.slice(key.length + 1));
      for (const c of chosen) if (!buckets.some((b) => b.key === c)) buckets.push({ key: c, doc_count: 0 });
      if (!buckets.length) continue;
      box.append(h('fieldset', { 'data-facet': key }, h('legend', {}, title), ...buckets.map((b) => {
        const value = `${key}=${b.key}`;
        return option(this.filters.has(value), `${b.key} (${b.doc_count})`, (on) => { if (on) this.filters.add(value); else this.filters.delete(value); });
      })));
    }
    const counts = new Map<Mark, number>();
    for (const d of page.data) counts.set(markOf(d), (counts.get(markOf(d)) ?? 0) + 1);
    box.append(h('fieldset', { 'data-facet': 'risk' }, h('legend', {}, 'Risk (this page)'), ...RISKS.map(([mark, text]) =>
      option(this.risks.has(mark), `${text} (${counts.get(mark) ?? 0})`, (on) => { if (on) this.risks.add(mark); else this.risks.delete(mark); }))));
  }

  private renderResults(hits: Hit[]): void {
    const list = byId('results');
    clear(list);
    for (const hit of hits) {
      const name = hit.matches?.name?.[0];
      const mark = markOf(hit);
      const button = h('button', { type: 'button', 'data-id': hit.id, 'data-mark': mark },
        h('strong', { class: 'name' }, name ? highlighted(name) : hit.label),
        mark === 'sanctioned' && h('span', { class: 'badge sanctioned' }, 'sanctioned'),
        mark === 'pep' && h('span', { class: 'badge pep' }, 'PEP'),
        mark === 'risky' && h('span', { class: 'badge elevated' }, 'risk'),
        h('br'), `${hit.type} · ${(hit.countries ?? []).join(', ')}`);
      button.addEventListener('click', () => this.open(hit.id));
      list.append(h('li', {}, button));
    }
  }
}
