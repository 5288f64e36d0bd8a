/**
 * Pass 1 of an ingest: every line parsed and validated, and the ids it defines and references
 * collected; ids neither defined in the file nor present in the graph make the lines naming them bad.
 */
import { cypher } from '../graph/cypherFiles';
import type { Graph } from '../graph/neo4j';
import { PROGRESS_INTERVAL_MS, type Checked, type CheckedLines, type IngestOptions } from './options';

export type { Checked } from './options';
import { readLines, type NumberedLine } from './reader';
import { IngestLine, parseLine } from './validate';
import { shipmentParties } from './shipments';

/**
 * The check pass's look-up of referenced ids is part of a load, not an interactive call: it has
 * the time the load's writes have, not the 15 s of QUERY_TIMEOUT_MS (10,000 ids on a large
 * graph with a cold page cache can need more).
 */
const CHECK_READ_TIMEOUT_MS = 10 * 60_000;

type Kind = 'entity' | 'record' | 'source';
interface Ref { kind: Kind; id: string }

function definedBy(line: IngestLine): Ref | undefined {
  if (line.kind === 'entity' || line.kind === 'record' || line.kind === 'source') return { kind: line.kind, id: line.id };
  return undefined;
}

function* referencedBy(line: IngestLine): Generator<Ref> {
  switch (line.kind) {
    case 'record':
      yield { kind: 'source', id: line.source };
      for (const r of line.references ?? []) yield { kind: 'entity', id: r.entity };
      break;
    case 'entity':
      for (const a of line.attributes ?? []) for (const id of a.records ?? []) yield { kind: 'record', id };
      for (const r of line.risk ?? []) for (const id of r.records ?? []) yield { kind: 'record', id };
      break;
    case 'relationship':
      yield { kind: 'entity', id: line.from };
      yield { kind: 'entity', id: line.to };
      if (line.record) yield { kind: 'record', id: line.record };
      break;
    case 'possibly_same_as':
      yield { kind: 'entity', id: line.a };
      yield { kind: 'entity', id: line.b };
      break;
    case 'shipment':
      for (const id of shipmentParties(line)) yield { kind: 'entity', id };
      if (line.record) yield { kind: 'record', id: line.record };
      break;
  }
}

const EXISTING: Record<Kind, string> = { entity: 'existing-entities', record: 'existing-records', source: 'existing-sources' };


/**
 * Pass 1 line by line: `add` each line's parse (in file order, numbered as readLines numbers
 * them), then `finish` looks the references up. An importer feeds it the lines it converts as
 * it writes them, so their file is not read and parsed a second time to be checked.
 */
export class LineCheck implements CheckedLines {
  private readonly bad = new Map<number, string>();
  private readonly sourcesOf = new Map<string, string[]>();
  // How many of the file's lines define each id: a bad one leaves the id defined by the others.
  private readonly defined: Record<Kind, Map<string, number>> = { entity: new Map(), record: new Map(), source: new Map() };
  private readonly referenced: Record<Kind, Set<string>> = { entity: new Set(), record: new Set(), source: new Set() };
  lines = 0;

  add(no: number, parsed: ReturnType<typeof parseLine>): void {
    this.lines += 1;
    if ('error' in parsed) {
      this.bad.set(no, parsed.error);
      return;
    }
    const def = definedBy(parsed.line);
    if (def) this.defined[def.kind].set(def.id, (this.defined[def.kind].get(def.id) ?? 0) + 1);
    for (const ref of referencedBy(parsed.line)) this.referenced[ref.kind].add(ref.id);
    if (parsed.line.kind === 'record') {
      for (const { entity } of parsed.line.references ?? []) {
        const sources = this.sourcesOf.get(entity);
        if (!sources) this.sourcesOf.set(entity, [parsed.line.source]);
        else if (!sources.includes(parsed.line.source)) sources.push(parsed.line.source);
      }
    }
  }

  /**
   * Ids referenced but not defined in `file` must already be in the graph; names the lines whose
   * are not. `file` may be a function giving the lines again (bulk-load checks several files as one).
   */
  async finish(graph: Graph, file: string | (() => AsyncIterable<NumberedLine>)): Promise<Checked> {
    const { bad, defined, referenced, lines, sourcesOf } = this;
    const KINDS = Object.keys(referenced) as Kind[];
    const inGraph: Record<Kind, Set<string>> = { entity: new Set(), record: new Set(), source: new Set() };
    const lookUp = async (kind: Kind, ids: string[]) => {
      for (let i = 0; i < ids.length; i += 10_000) {
        const rows = await graph.read(cypher('ingest', EXISTING[kind]), { ids: ids.slice(i, i + 10_000) }, CHECK_READ_TIMEOUT_MS);
        for (const row of rows) inGraph[kind].add(row.get('id'));
      }
    };
    for (const kind of KINDS) await lookUp(kind, [...referenced[kind]].filter((id) => !defined[kind].has(id)));
    const known = (ref: Ref) => defined[ref.kind].has(ref.id) || inGraph[ref.kind].has(ref.id);
    const anyMissing = KINDS.some((k) => [...referenced[k]].some((id) => !known({ kind: k, id })));
    if (!anyMissing && bad.size === 0) return { lines, bad, sourcesOf };

    // Name the lines with dangling references. A bad line defines nothing, which may leave
    // further lines dangling, so repeat until nothing changes. An id stays known while another
    // line of the file defines it or the graph holds it: the ids whose last defining line went
    // bad in a pass are looked up in the graph (the file's own ids were not) when the pass ends.
    for (let changed = true; changed; ) {
      changed = false;
      const undefinedNow: Record<Kind, string[]> = { entity: [], record: [], source: [] };
      for await (const { no, text } of typeof file === 'string' ? readLines(file) : file()) {
        if (bad.has(no)) continue;
        const parsed = parseLine(text);
        if ('error' in parsed) continue;
        const missing = [...referencedBy(parsed.line)].find((ref) => !known(ref));
        if (!missing) continue;
        bad.set(no, `unknown ${missing.kind} "${missing.id}": not defined in this file nor in the graph`);
        const def = definedBy(parsed.line);
        if (!def) continue;
        const left = defined[def.kind].get(def.id)! - 1;
        defined[def.kind].set(def.id, left);
        if (left === 0) undefinedNow[def.kind].push(def.id);
      }
      for (const kind of KINDS) {
        await lookUp(kind, undefinedNow[kind]);
        for (const id of undefinedNow[kind]) {
          defined[kind].delete(id);
          if (!inGraph[kind].has(id)) changed = true;
        }
      }
    }
    return { lines, bad, sourcesOf };
  }
}

/** Pass 1: every line checked; returns the bad lines (all of them, for the report). */
export async function check(graph: Graph, file: string, options: IngestOptions): Promise<Checked> {
  const lines = new LineCheck();
  const started = Date.now();
  let lastReport = started;
  for await (const { no, text } of readLines(file)) {
    lines.add(no, parseLine(text));
    if (options.onProgress && Date.now() - lastReport > PROGRESS_INTERVAL_MS) {
      lastReport = Date.now();
      options.onProgress({ file, phase: 'check', lines: lines.lines, rowsPerSecond: (lines.lines * 1000) / (lastReport - started) });
    }
  }
  return lines.finish(graph, file);
}
