/**
 * The network view: Cytoscape.js (bundled) drawing the paths that the traversal routes answer.
 * Sanctioned, PEP and otherwise risky entities differ by shape as well as colour, so the marks
 * survive a grey-scale print; former relationships are dashed.
 */
import cytoscape, { type Core, type NodeSingular } from 'cytoscape';

export interface Entity {
  id: string; label: string; type: string; countries?: string[];
  sanctioned?: boolean; pep?: boolean; risk?: Record<string, { level?: string }>;
}
interface RelValue { attributes?: { shares?: { percentage?: number }[]; effective_shares?: number }; from_date?: string; to_date?: string; date?: string; former?: boolean }
interface RelInfo { values?: RelValue[]; former?: boolean; start_date?: string; end_date?: string; effective_shares?: number }
export interface Segment { field: string; entity: Entity; relationships?: Record<string, RelInfo> }
export interface PathItem { source?: string; target: Entity; path: Segment[] }

export type Mark = 'sanctioned' | 'pep' | 'risky' | 'plain';

export function markOf(e: Entity): Mark {
  if (e.sanctioned) return 'sanctioned';
  if (e.pep) return 'pep';
  const levels = Object.values(e.risk ?? {}).map((r) => r.level);
  return levels.some((l) => l === 'critical' || l === 'high' || l === 'elevated') ? 'risky' : 'plain';
}

const STYLE: cytoscape.StylesheetJson = [
  { selector: 'node', style: {
    label: 'data(label)', 'font-size': 9, 'text-wrap': 'wrap', 'text-max-width': '90px', 'text-background-color': '#fff', 'text-background-opacity': 0.7, 'text-valign': 'bottom', 'text-margin-y': 3,
    width: 26, height: 26, 'background-color': '#7aa2d6', 'border-width': 1, 'border-color': '#33415c', shape: 'ellipse',
  } },
  { selector: 'node[type != "person"]', style: { shape: 'round-rectangle' } },
  { selector: 'node.risky', style: { shape: 'triangle', 'background-color': '#f2c94c' } },
  { selector: 'node.pep', style: { shape: 'diamond', 'background-color': '#ef6c00' } },
  { selector: 'node.sanctioned', style: { shape: 'octagon', 'background-color': '#c62828', width: 32, height: 32 } },
  { selector: 'node.root', style: { 'border-width': 4, 'border-color': '#1d2433' } },
  { selector: 'node:selected', style: { 'border-width': 4, 'border-color': '#f0a202' } },
  { selector: 'edge', style: {
    width: 1.5, 'line-color': '#8a93a6', 'target-arrow-color': '#8a93a6', 'target-arrow-shape': 'triangle', 'curve-style': 'bezier',
    label: 'data(label)', 'font-size': 7, 'text-rotation': 'autorotate', color: '#33415c', 'text-background-color': '#fff', 'text-background-opacity': 0.8,
  } },
  { selector: 'edge.former', style: { 'line-style': 'dashed' } },
  { selector: '.path', style: { 'line-color': '#f0a202', 'target-arrow-color': '#f0a202', width: 4 } },
];

function sharesOf(info: RelInfo | undefined): { shares?: number; effective?: number } {
  let shares: number | undefined;
  let effective = info?.effective_shares;
  for (const v of info?.values ?? []) {
    for (const s of v.attributes?.shares ?? []) if (typeof s.percentage === 'number') shares = Math.max(shares ?? 0, s.percentage);
    if (typeof v.attributes?.effective_shares === 'number') effective = v.attributes.effective_shares;
  }
  return { shares, effective };
}

function datesOf(info: RelInfo | undefined): { from?: string; to?: string } {
  const from = info?.start_date ?? info?.values?.map((v) => v.from_date).find(Boolean);
  const to = info?.end_date ?? info?.values?.map((v) => v.to_date).find(Boolean);
  return { from, to };
}

export class Network {
  readonly cy: Core;
  /** The last two nodes selected, for the shortest path. */
  private picked: string[] = [];

  constructor(container: HTMLElement, private readonly onPick: (id: string) => void) {
    this.cy = cytoscape({ container, style: STYLE, wheelSensitivity: 0.3, boxSelectionEnabled: false, selectionType: 'additive' });
    this.cy.on('tap', 'node', (ev) => this.pick((ev.target as NodeSingular).id()));
  }

  /** Selects a node (by click, or from the node list for the keyboard); the last two are kept. */
  pick(id: string): void {
    if (this.cy.getElementById(id).empty()) return;
    this.picked = [...this.picked.filter((p) => p !== id), id].slice(-2);
    this.cy.nodes().unselect();
    for (const p of this.picked) this.cy.getElementById(p).select();
    this.onPick(id);
  }

  nodes(): { id: string; label: string }[] {
    return this.cy.nodes().map((n) => ({ id: n.id(), label: String(n.data('label')) }));
  }

  get selection(): string[] { return [...this.picked]; }

  clear(): void {
    this.cy.elements().remove();
    this.picked = [];
  }

  addNode(e: Entity, root = false): void {
    const existing = this.cy.getElementById(e.id);
    if (existing.nonempty()) {
      if (root) existing.addClass('root');
      return;
    }
    const node = this.cy.add({ group: 'nodes', data: { id: e.id, label: e.label, type: e.type, mark: markOf(e), countries: (e.countries ?? []).join(' ') } });
    node.addClass(markOf(e));
    if (root) node.addClass('root');
  }

  /** Draws each path from its source: one edge a step, labelled with type, shares and dates. */
  addPaths(root: Entity, items: PathItem[]): number {
    this.cy.batch(() => {
      this.addNode(root, true);
      for (const item of items) {
        let from = item.source ?? root.id;
        for (const seg of item.path) {
          this.addNode(seg.entity);
          const info = seg.relationships?.[seg.field];
          const id = `${from}|${seg.field}|${seg.entity.id}`;
          if (this.cy.getElementById(id).empty()) {
            const { shares, effective } = sharesOf(info);
            const { from: start, to: end } = datesOf(info);
            const former = Boolean(info?.former);
            const parts = [seg.field];
            if (shares !== undefined) parts.push(`${shares}%`);
            if (effective !== undefined) parts.push(`eff. ${effective}%`);
            if (start || end) parts.push(`${start ?? '?'}–${end ?? (former ? '?' : 'now')}`);
            const edge = this.cy.add({ group: 'edges', data: {
              id, source: from, target: seg.entity.id, type: seg.field, label: parts.join(' '),
              shares: shares ?? '', effective_shares: effective ?? '', start_date: start ?? '', end_date: end ?? '', former: String(former),
            } });
            if (former) edge.addClass('former');
          }
          from = seg.entity.id;
        }
      }
    });
    this.layout();
    return items.length;
  }

  highlightPath(ids: string[]): void {
    this.cy.elements().removeClass('path');
    for (let i = 0; i + 1 < ids.length; i++) {
      this.cy.edges().filter((e) => (e.source().id() === ids[i] && e.target().id() === ids[i + 1]) || (e.source().id() === ids[i + 1] && e.target().id() === ids[i])).addClass('path');
    }
  }

  layout(): void {
    // Breadth-first from the root reads as an ownership tree; spaced so edge labels stay apart.
    this.cy.layout({ name: 'breadthfirst', directed: true, roots: this.cy.nodes('.root'), spacingFactor: 1.6, animate: false, padding: 30, avoidOverlap: true } as cytoscape.LayoutOptions).run();
  }

  png(): Blob {
    return this.cy.png({ output: 'blob', full: true, bg: '#ffffff', scale: 2 }) as unknown as Blob;
  }

  /**
   * The view as GraphML. Written by hand: it is a few lines of XML with escaped text, and the
   * npm GraphML writers pull in a whole graph model this page does not use.
   */
  graphml(): string {
    const esc = (v: unknown) => String(v).replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const nodeKeys = ['label', 'type', 'mark', 'countries'];
    const edgeKeys = ['type', 'shares', 'effective_shares', 'start_date', 'end_date', 'former'];
    const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">'];
    for (const k of nodeKeys) lines.push(`  <key id="n_${k}" for="node" attr.name="${k}" attr.type="string"/>`);
    for (const k of edgeKeys) lines.push(`  <key id="e_${k}" for="edge" attr.name="${k}" attr.type="string"/>`);
    lines.push('  <graph id="explorer" edgedefault="directed">');
    this.cy.nodes().forEach((n) => {
      lines.push(`    <node id="${esc(n.id())}">`);
      for (const k of nodeKeys) lines.push(`      <data key="n_${k}">${esc(n.data(k) ?? '')}</data>`);
      lines.push('    </node>');
    });
    this.cy.edges().forEach((e) => {
      lines.push(`    <edge id="${esc(e.id())}" source="${esc(e.source().id())}" target="${esc(e.target().id())}">`);
      for (const k of edgeKeys) lines.push(`      <data key="e_${k}">${esc(e.data(k) ?? '')}</data>`);
      lines.push('    </edge>');
    });
    lines.push('  </graph>', '</graphml>');
    return lines.join('\n') + '\n';
  }
}
