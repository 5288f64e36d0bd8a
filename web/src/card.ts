/** The entity card: identity, risk factors with their levels and reasons, adverse media, attributes, sources, records. */
import type { Api } from './api';
import { clear, download, h } from './dom';
import { markOf, type Entity } from './graph';

interface Paged<T> { data: T[]; size?: { count: number } }
interface AttributeValue { properties: Record<string, unknown>; record?: string[] }
interface RecordRef { record: { id: string; label: string; source: string; publication_date?: string } }
export interface FullEntity extends Entity {
  source_count?: Record<string, { count: number; label: string }>;
  attributes?: Record<string, Paged<AttributeValue>>;
  referenced_by?: Paged<RecordRef>;
  risk?: Record<string, { level?: string; value?: unknown; metadata?: { country?: string[] } }>;
  adverse_media?: { count: number; latest: { id: string; title: string; url: string; source: string; published: string; risk_flags?: string[] }[] };
}

/** The newest articles naming the entity (the entity read's `adverse_media`); a link only to an http(s) address. */
function newsList(news: NonNullable<FullEntity['adverse_media']>): HTMLElement {
  return h('ul', { id: 'card-news' }, ...news.latest.map((a) => h('li', {},
    /^https?:\/\//i.test(a.url) ? h('a', { href: a.url, target: '_blank', rel: 'noopener noreferrer' }, a.title) : a.title,
    ` — ${a.source}, ${a.published.slice(0, 10)}`,
    ...(a.risk_flags ?? []).map((f) => h('span', { class: 'badge elevated' }, f)))));
}

/** Risk factor descriptions from /v1/ontology/risk_factors, read once: the "why" of derived factors. */
let factorInfo: Promise<Map<string, { label: string; description: string }>> | undefined;
function riskFactors(api: Api) {
  factorInfo ??= api.get<{ data?: { id: string; label: string; description: string }[] }>('/v1/ontology/risk_factors')
    .then((o) => new Map((o.data ?? []).map((f) => [f.id, f])))
    .catch(() => new Map());
  return factorInfo;
}

function propertyText(p: Record<string, unknown>): string {
  if (typeof p.value === 'string' || typeof p.value === 'number') return String(p.value);
  return Object.entries(p).map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`).join(', ');
}

export async function renderCard(api: Api, el: HTMLElement, entity: FullEntity, actions: { network(): void; pick(): void }): Promise<void> {
  const factors = await riskFactors(api);
  clear(el);
  const mark = markOf(entity);
  // The PDF report and the CSV exist only on the legacy /entity/{id}: /v1/entity answers JSON alone.
  const base = `/entity/${encodeURIComponent(entity.id)}`;
  const exportButton = (text: string, accept: string, ext: string) => {
    const b = h('button', { type: 'button', 'data-export': ext }, text);
    b.addEventListener('click', () => {
      b.textContent = text;
      api.blob(base, accept).then((blob) => download(blob, `${entity.id}.${ext}`), (err: Error) => { b.textContent = `${text}: ${err.message}`; });
    });
    return b;
  };
  const network = h('button', { type: 'button', id: 'card-network' }, 'Show network');
  network.addEventListener('click', actions.network);
  const pick = h('button', { type: 'button' }, 'Select for path');
  pick.addEventListener('click', actions.pick);
  el.append(
    h('h2', { id: 'card-title' }, entity.label,
      entity.sanctioned && h('span', { class: 'badge sanctioned' }, 'sanctioned'),
      entity.pep && h('span', { class: 'badge pep' }, 'PEP')),
    h('p', { 'data-mark': mark }, `${entity.type} · ${(entity.countries ?? []).join(', ') || 'no country'} · ${entity.id}`),
    h('p', {}, network, ' ', pick, ' ', exportButton('PDF report', 'application/pdf', 'pdf'), ' ', exportButton('CSV', 'text/csv', 'csv')),
  );
  const risk = Object.entries(entity.risk ?? {});
  const riskTable = h('table', { id: 'card-risk' }, h('tr', {}, h('th', {}, 'Risk factor'), h('th', {}, 'Level'), h('th', {}, 'Why')));
  for (const [id, r] of risk) {
    const info = factors.get(id);
    const why = [info?.description, r.metadata?.country?.length ? `countries: ${r.metadata.country.join(', ')}` : '', r.value !== undefined ? `value: ${String(r.value)}` : '']
      .filter(Boolean).join('; ');
    riskTable.append(h('tr', {}, h('td', {}, info?.label ?? id), h('td', {}, h('span', { class: `badge ${r.level ?? ''}` }, r.level ?? '')), h('td', {}, why)));
  }
  const dl = h('dl', {});
  dl.append(h('dt', {}, `Risk factors (${risk.length})`), h('dd', {}, risk.length ? riskTable : 'none'));
  const news = entity.adverse_media;
  dl.append(h('dt', { id: 'card-news-count' }, `Adverse media (${news?.count ?? 0})`), h('dd', {}, news?.latest.length ? newsList(news) : 'none'));
  for (const [field, page] of Object.entries(entity.attributes ?? {})) {
    const values = page.data.map((v) => propertyText(v.properties));
    dl.append(h('dt', {}, field), h('dd', {}, ...values.flatMap((v, i) => (i ? [h('br'), v] : [v]))));
  }
  const sources = Object.entries(entity.source_count ?? {});
  dl.append(h('dt', {}, 'Sources'), h('dd', {}, h('ul', {}, ...sources.map(([id, s]) => h('li', {}, `${s.label} (${id}): ${s.count}`)))));
  const records = entity.referenced_by?.data ?? [];
  dl.append(h('dt', {}, `Records (${entity.referenced_by?.size?.count ?? records.length})`),
    h('dd', {}, h('ul', {}, ...records.map((r) => h('li', {}, `${r.record.label} — ${r.record.source}${r.record.publication_date ? `, ${r.record.publication_date}` : ''}`)))));
  el.append(dl);
}
