/** The explorer page: sign-in, then search, entity card, network view and projects. */
import { Api, ApiError } from './api';
import { renderCard, type FullEntity } from './card';
import { byId, clear, download, h, withProgress } from './dom';
import { Network, type Entity, type PathItem } from './graph';
import { Projects } from './projects';
import { Search } from './search';

const MODES: Record<string, string> = { ubo: 'ubo', downstream: 'downstream', watchlist: 'watchlist', traversal: 'traversal' };

const api = new Api((reason) => {
  byId('app').hidden = true;
  byId('sign-in').hidden = false;
  byId('sign-out').hidden = true;
  byId('who').textContent = '';
  byId('sign-in-error').textContent = reason;
  drawing++;
  graphStatus().textContent = '';
  network?.clear();
  current = undefined;
  // Nothing read with the old token stays on the page.
  byId<HTMLInputElement>('q').value = '';
  byId('search-status').textContent = '';
  byId('project-title').textContent = '';
  for (const id of ['card', 'results', 'facets', 'projects', 'project-entities', 'notifications', 'node-list']) clear(byId(id));
});
let network: Network | undefined;
let current: Entity | undefined;
const graphStatus = () => byId('graph-status');

function report(err: unknown): void {
  if (err instanceof ApiError && err.status === 401) return; // already signed out
  graphStatus().textContent = (err as Error).message;
}

function traversalQuery(maxDepth?: number) {
  const relationships = [...byId<HTMLSelectElement>('relationships').selectedOptions].map((o) => o.value);
  return {
    max_depth: maxDepth ?? Number(byId<HTMLInputElement>('max-depth').value || 4),
    relationships: relationships.length ? relationships : undefined,
    exclude_former_relationships: !byId<HTMLInputElement>('former').checked,
    limit: 50,
  };
}

function refreshNodeList(): void {
  const select = byId<HTMLSelectElement>('node-list');
  clear(select);
  select.append(h('option', { value: '' }, '(choose a node)'));
  for (const n of network!.nodes()) select.append(h('option', { value: n.id }, n.label));
}

/** Counts the drawings asked for, so that an answer to an earlier one does not land on a later one. */
let drawing = 0;

async function draw(root: Entity, fresh: boolean, maxDepth?: number): Promise<void> {
  const mode = MODES[byId<HTMLSelectElement>('mode').value] ?? 'traversal';
  const seq = ++drawing;
  // asked/drawn let a reader (and the browser tests) tell when the latest drawing is on screen.
  graphStatus().dataset.asked = String(seq);
  let answer: { data: PathItem[]; partial_results?: boolean };
  try {
    answer = await withProgress(graphStatus(), 'Loading the network…',
      api.get(`/v1/${mode}/${encodeURIComponent(root.id)}`, traversalQuery(maxDepth)));
  } finally {
    if (seq === drawing) graphStatus().dataset.drawn = String(seq);
  }
  if (seq !== drawing) return;
  if (fresh) network!.clear();
  const count = network!.addPaths(root, answer.data);
  refreshNodeList();
  graphStatus().textContent = `${mode}: ${count} paths from ${root.label}${answer.partial_results ? ' (partial results)' : ''}`;
}

async function open(id: string): Promise<void> {
  try {
    const entity = await withProgress(graphStatus(), 'Loading the entity…', api.get<FullEntity>(`/v1/entity/${encodeURIComponent(id)}`));
    current = entity;
    await renderCard(api, byId('card'), entity, {
      network: () => void draw(entity, true).catch(report),
      pick: () => network!.pick(entity.id),
    });
    await draw(entity, true);
  } catch (err) {
    report(err);
  }
}

async function afterSignIn(): Promise<void> {
  byId('sign-in').hidden = true;
  byId('app').hidden = false;
  byId('sign-out').hidden = false;
  byId('sign-in-error').textContent = '';
  byId('who').textContent = 'Signed in';
  network ??= new Network(byId('cy'), (id) => {
    byId<HTMLSelectElement>('node-list').value = id;
    graphStatus().textContent = `Selected: ${network!.selection.join(' and ')}`;
  });
  network.cy.resize();
  const relationships = byId<HTMLSelectElement>('relationships');
  if (!relationships.options.length) {
    const ontology = await api.get<{ data?: { id: string; label: string }[] }>('/v1/ontology/relationships').catch(() => ({ data: undefined }));
    for (const r of ontology.data ?? []) relationships.append(h('option', { value: r.id }, r.label));
  }
  byId('q').focus();
  await projects.load().catch(report);
}

const projects = new Projects(api, (id) => void open(id));
new Search(api, (id) => void open(id));

async function start(): Promise<void> {
  const config = await api.config();
  const signIn = async (clientId: string, secret: string) => {
    try {
      await api.signIn(clientId, secret, config.audience);
      await afterSignIn();
    } catch (err) {
      byId('sign-in-error').textContent = (err as Error).message;
    }
  };
  byId('sign-in-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    void signIn(byId<HTMLInputElement>('client-id').value, byId<HTMLInputElement>('client-secret').value);
  });
  const dev = byId('dev-sign-in');
  if (config.dev_client) {
    const { client_id, client_secret } = config.dev_client;
    dev.hidden = false;
    dev.addEventListener('click', () => void signIn(client_id, client_secret));
  }
  byId('sign-out').addEventListener('click', () => api.signOut('Signed out.'));
  for (const button of document.querySelectorAll<HTMLButtonElement>('nav button[data-panel]')) {
    button.addEventListener('click', () => {
      for (const other of document.querySelectorAll<HTMLButtonElement>('nav button[data-panel]')) {
        other.setAttribute('aria-pressed', String(other === button));
        byId(other.dataset.panel!).hidden = other !== button;
      }
    });
  }
  // Any change to what the drawing asks for redraws it from the open entity.
  for (const id of ['mode', 'max-depth', 'relationships', 'former']) {
    byId(id).addEventListener('change', () => { if (current) void draw(current, true).catch(report); });
  }
  byId<HTMLSelectElement>('node-list').addEventListener('change', (ev) => {
    const id = (ev.target as HTMLSelectElement).value;
    if (id) network?.pick(id);
  });
  byId('expand').addEventListener('click', () => {
    const id = network?.selection.at(-1);
    if (!id) { graphStatus().textContent = 'Select a node to expand first.'; return; }
    const node = network!.cy.getElementById(id);
    void draw({ id, label: String(node.data('label')), type: String(node.data('type')) }, false, 1).catch(report);
  });
  byId('shortest').addEventListener('click', () => void shortestPath().catch(report));
  byId('export-png').addEventListener('click', () => network && download(network.png(), 'network.png'));
  byId('export-graphml').addEventListener('click', () => network && download(new Blob([network.graphml()], { type: 'application/graphml+xml' }), 'network.graphml'));
}

async function shortestPath(): Promise<void> {
  const [a, b] = network!.selection;
  if (!a || !b) { graphStatus().textContent = 'Select two nodes (click one, then another).'; return; }
  const answer = await withProgress(graphStatus(), 'Finding the shortest path…',
    api.get<{ data: PathItem[] }>('/v1/shortest_path', { entities: [a, b] }));
  const item = answer.data[0];
  if (!item) { graphStatus().textContent = 'No path between the two selected entities.'; return; }
  const from = network!.cy.getElementById(a);
  network!.addPaths({ id: a, label: String(from.data('label')), type: String(from.data('type')) }, [item]);
  network!.highlightPath([item.source ?? a, ...item.path.map((s) => s.entity.id)]);
  refreshNodeList();
  graphStatus().textContent = `Shortest path: ${item.path.length} steps, ${[String(from.data('label')), ...item.path.map((s) => s.entity.label)].join(' → ')}`;
}

void start();
