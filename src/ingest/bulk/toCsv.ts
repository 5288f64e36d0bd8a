/**
 * bulk-load's conversion: checked ingest lines (several files read as one) into the CSV files of
 * Neo4j's offline importer, holding the nodes, relationships, labels and properties, summaries
 * included, that ingest would write into an empty graph (cypher/ingest.cypher). Shipments are set
 * aside in an NDJSON file for ingest to load after the import: their trade edges are sums over
 * the graph.
 *
 * Files are read three times: checked, then sources, records and facts written (the entities'
 * summaries are counted meanwhile), then the entities, which carry the summaries.
 */
import fs from 'node:fs';
import path from 'node:path';
import { inverseRelationship, neo4jRelType } from '../../domain/relationships';
import { readLines, type NumberedLine } from '../reader';
import { readValidLine, type EntityLine } from '../validate';
import { entityRow, psaRow, recordRow, relationshipKey, relationshipRow, sourceRow } from '../rows';
import { summaryRow } from '../summaries';
import { LineCheck } from '../check';
import type { Graph } from '../../graph/neo4j';
import { IngestError, type BadLine } from '../options';
import { ARRAY_DELIMITER, CsvFile, type Value } from './csvFile';
import {
  ATTRIBUTE_COLUMNS, ENTITY_COLUMNS, FACT_COLUMNS, HAS_ATTRIBUTE_COLUMNS, RECORD_COLUMNS, REFERENCE_COLUMNS, SOURCE_COLUMNS,
} from './columns';
import { parseLine } from '../validate';

/** The importer's inputs: `--nodes` and `--relationships` files, and which of them span lines. */
export interface CsvSet {
  nodes: string[];
  relationships: string[];
  multiline: string[];
  /** Shipment lines, for ingest after the import; undefined when there are none. */
  shipments?: string;
  /** Records whose document_urls is an empty list, which the importer cannot hold. */
  emptyDocumentUrls: string[];
  loaded: Record<string, number>;
  bad: BadLine[];
  /** Facts: nodes, relationships and properties written. */
  facts: number;
}

/** Several files as one numbered line stream; `at` maps a number back to its file and line. */
function joined(files: string[]) {
  const starts: { first: number; file: string }[] = [];
  const lines = async function* (): AsyncGenerator<NumberedLine> {
    let offset = 0;
    for (const file of files) {
      if (starts.length < files.length) starts.push({ first: offset, file });
      let last = 0;
      for await (const { no, text } of readLines(file)) {
        last = no;
        yield { no: offset + no, text };
      }
      offset += last + 1;
    }
  };
  const at = (no: number) => {
    const start = [...starts].reverse().find((s) => s.first < no)!;
    return { file: start.file, line: no - start.first };
  };
  return { lines, at };
}

const factIdentity = (type: string, from: string, to: string, key: string) => [type, from, to, key].join('\u0000');
const psaIdentity = (a: string, b: string) => [a, b].sort().join('\u0000');

interface Aggregate { types: string[]; neighbours: Set<string>; psa: string[]; sources: string[] }

/** A node defined twice would be one node to ingest, the later line's; bulk-load refuses it (a repeated fact keeps its last line). */
function once(seen: Set<string>, identity: string, what: string, where: () => string): void {
  if (seen.has(identity)) throw new Error(`${where()}: ${what} is already defined by an earlier line; bulk-load takes each once (load changes afterwards with ingest)`);
  seen.add(identity);
}

export async function writeCsv(graph: Graph, files: string[], dir: string, opts: { skipInvalid?: boolean; today: string }): Promise<CsvSet> {
  const { lines, at } = joined(files);
  const where = (no: number) => () => `${at(no).file}:${at(no).line}`;

  // Pass 1: every line checked, references included (the graph is empty: the files define all).
  // A fact stated twice (its identity: type, ends and key) is one relationship to ingest, the
  // later line's; so is a possibly-same-as pair. Only the last line of each is written.
  const check = new LineCheck();
  const lastOf = new Map<string, number>();
  for await (const { no, text } of lines()) {
    const parsed = parseLine(text);
    check.add(no, parsed);
    if ('error' in parsed) continue;
    const line = parsed.line;
    if (line.kind === 'relationship') lastOf.set(factIdentity(neo4jRelType(line.type), line.from, line.to, relationshipKey(line)), no);
    if (line.kind === 'possibly_same_as') lastOf.set(psaIdentity(line.a, line.b), no);
  }
  const { bad } = await check.finish(graph, lines);
  const badLines = [...bad.entries()].sort((a, b) => a[0] - b[0]).map(([no, reason]) => ({ ...at(no), reason }));
  if (badLines.length > 0 && !opts.skipInvalid) throw new IngestError(files.join(', '), badLines);

  const csv = (name: string, columns: typeof ENTITY_COLUMNS) => new CsvFile(path.join(dir, `${name}.csv`), columns);
  const sources = csv('sources', SOURCE_COLUMNS);
  const records = csv('records', RECORD_COLUMNS);
  const references = csv('references', REFERENCE_COLUMNS);
  const facts = csv('facts', FACT_COLUMNS);
  const loaded: Record<string, number> = { source: 0, record: 0, entity: 0, relationship: 0, possibly_same_as: 0, shipment: 0 };
  const aggregates = new Map<string, Aggregate>();
  const aggregate = (id: string) => {
    let a = aggregates.get(id);
    if (!a) aggregates.set(id, (a = { types: [], neighbours: new Set(), psa: [], sources: [] }));
    return a;
  };
  const labels = new Map<string, string>();
  const sanctioned = new Set<string>();
  const emptyDocumentUrls: string[] = [];
  const seen = { source: new Set<string>(), record: new Set<string>(), entity: new Set<string>(), fact: new Set<string>(), shipment: new Set<string>() };
  let shipments: fs.WriteStream | undefined;
  const shipmentFile = path.join(dir, 'shipments.ndjson');

  // Pass 2: sources, records and their references, facts and psa links; shipments set aside.
  for await (const { no, text } of lines()) {
    if (bad.has(no)) continue;
    const line = readValidLine(text);
    loaded[line.kind] += 1;
    switch (line.kind) {
      case 'source': {
        once(seen.source, line.id, `source "${line.id}"`, where(no));
        const row = sourceRow(line);
        labels.set(row.id, row.props.label as string);
        sources.add(['Source'], { ...row.props, date_added: opts.today });
        break;
      }
      case 'record': {
        once(seen.record, line.id, `record "${line.id}"`, where(no));
        const row = recordRow(line);
        if (Array.isArray(row.props.document_urls) && row.props.document_urls.length === 0) emptyDocumentUrls.push(row.id);
        records.add([row.id, 'Record'], row.props);
        for (const [type, refs] of [['ABOUT', row.about], ['MENTIONS', row.mentions]] as const) {
          for (const ref of refs) {
            references.add([row.id, ref.entity, type], { ordinal: ref.ordinal });
            aggregate(ref.entity).sources.push(line.source);
          }
        }
        break;
      }
      case 'relationship': {
        const row = relationshipRow(line);
        const type = neo4jRelType(line.type);
        const inverse = neo4jRelType(inverseRelationship(line.type));
        const key = row.props.key as string;
        if (lastOf.get(factIdentity(type, line.from, line.to, key)) !== no) break;
        once(seen.fact, factIdentity(type, line.from, line.to, key), `this ${line.type} fact`, where(no));
        once(seen.fact, factIdentity(inverse, line.to, line.from, key), `this ${line.type} fact (as its inverse)`, where(no));
        facts.add([line.from, line.to, type], row.props);
        facts.add([line.to, line.from, inverse], row.props);
        const from = aggregate(line.from);
        from.types.push(type);
        from.neighbours.add(line.to);
        const to = aggregate(line.to);
        to.types.push(inverse);
        to.neighbours.add(line.from);
        break;
      }
      case 'possibly_same_as': {
        if (lastOf.get(psaIdentity(line.a, line.b)) !== no) break;
        const row = psaRow(line);
        facts.add([line.a, line.b, 'POSSIBLY_SAME_AS'], { matches: row.matches_ab });
        facts.add([line.b, line.a, 'POSSIBLY_SAME_AS'], { matches: row.matches_ba });
        aggregate(line.a).psa.push(line.b);
        aggregate(line.b).psa.push(line.a);
        break;
      }
      case 'shipment':
        once(seen.shipment, line.id, `shipment "${line.id}"`, where(no));
        shipments ??= fs.createWriteStream(shipmentFile);
        if (!shipments.write(`${text}\n`)) await new Promise<void>((resolve) => shipments!.once('drain', () => resolve()));
        break;
      case 'entity':
        once(seen.entity, line.id, `entity "${line.id}"`, where(no));
        if (entityRow(line).props.sanctioned) sanctioned.add(line.id);
        break;
    }
  }
  if (shipments) await new Promise<void>((resolve, reject) => shipments!.on('error', reject).end(() => resolve()));

  // Pass 3: the entities, their labels, summaries and attributes.
  const entities = csv('entities', ENTITY_COLUMNS);
  const attributes = csv('attributes', ATTRIBUTE_COLUMNS);
  const hasAttribute = csv('has-attribute', HAS_ATTRIBUTE_COLUMNS);
  let attributeId = 0;
  for await (const { no, text } of lines()) {
    if (bad.has(no) || !text.includes('entity')) continue;
    const line = readValidLine(text);
    if (line.kind !== 'entity') continue;
    writeEntity(line, aggregates.get(line.id), labels, sanctioned, entities, (props) => {
      const id = String(attributeId++);
      attributes.add([id, 'Attribute'], props);
      hasAttribute.add([line.id, id, 'HAS_ATTRIBUTE'], {});
    });
  }

  const all = [sources, records, entities, attributes, references, facts, hasAttribute];
  for (const file of all) file.close();
  const count = (file: CsvFile) => file.rows;
  return {
    nodes: [sources, records, entities, attributes].filter(count).map((f) => f.path),
    relationships: [references, facts, hasAttribute].filter(count).map((f) => f.path),
    multiline: all.filter((f) => f.multiline).map((f) => f.path),
    shipments: shipments ? shipmentFile : undefined,
    emptyDocumentUrls,
    loaded,
    bad: badLines,
    facts: all.reduce((sum, f) => sum + f.rows, 0),
  };
}

/** One entity row: the line's properties and flag labels, its summary, then each attribute through `attribute`. */
function writeEntity(
  line: EntityLine, a: Aggregate | undefined, labels: Map<string, string>, sanctioned: Set<string>, entities: CsvFile,
  attribute: (props: Record<string, Value>) => void,
): void {
  const row = entityRow(line);
  const psa = [...new Set(a?.psa ?? [])];
  const summary = summaryRow({
    id: line.id, types: a?.types ?? [], relatedEntities: a?.neighbours.size ?? 0, psaCount: psa.length,
    psaSanctioned: psa.filter((id) => sanctioned.has(id)), sources: a?.sources ?? [], tradeSent: 0, tradeReceived: 0,
  }, labels);
  const { id: _id, ...fields } = summary;
  const props = row.props;
  const flags = ['Entity'];
  if (props.sanctioned) flags.push('Sanctioned');
  if (props.pep) flags.push('Pep');
  if (props.closed) flags.push('Closed');
  if (props.direct_risk !== '{}') flags.push('DirectRisk');
  entities.add([line.id, flags.join(ARRAY_DELIMITER)], { ...props, ...fields });
  for (const attr of row.attributes) attribute(attr as Record<string, Value>);
}
