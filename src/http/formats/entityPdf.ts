/**
 * application/pdf form of the legacy Entity (GET /entity/:id): a report an analyst can file in a
 * case, holding what the JSON answer holds for the same parameters (the same pages of
 * attributes, relationships, possibly-same-as entities, records and embedded traversals), with
 * "showing x-y of n" wherever a page is not the whole list.
 *
 * Text is set in DejaVu Sans, embedded (subset) in the file, so names in Latin, Cyrillic, Greek,
 * Armenian and Georgian scripts print as written; a script it lacks (CJK, for one) prints as
 * empty boxes, while the JSON and CSV forms carry every name as stored.
 */
import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';

type Json = Record<string, any>;
type Doc = InstanceType<typeof PDFDocument>;

let fonts: { regular: Buffer; bold: Buffer } | undefined;

/** The fonts, read once per thread: each report embeds the subset of glyphs it uses. */
function loadFonts(): { regular: Buffer; bold: Buffer } {
  if (!fonts) {
    const dir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    fonts = { regular: fs.readFileSync(path.join(dir, 'DejaVuSans.ttf')), bold: fs.readFileSync(path.join(dir, 'DejaVuSans-Bold.ttf')) };
  }
  return fonts;
}

const GREY = '#555555';
const RED = '#b00020';

/** The entity as a PDF document; `generatedAt` is printed in every page's footer. */
export function entityPdf(entity: Json, generatedAt: Date = new Date()): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4', margin: 50, bufferPages: true,
    info: { Title: entity.label ? `${entity.label} (${entity.id})` : entity.id, Subject: 'Entity report', Creator: 'graph-api', CreationDate: generatedAt },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { regular, bold } = loadFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);

  header(doc, entity);
  keyFacts(doc, entity);
  pagedSection(doc, 'Attributes', entity.attributes ?? {}, attributeLine);
  pagedSection(doc, 'Relationships', entity.relationships ?? {}, relationshipLine);
  pagedSection(doc, 'Possibly the same as', { entities: entity.possibly_same_as }, (item) => [entityLine(item.entity), []]);
  pagedSection(doc, 'Records', { 'referencing records': entity.referenced_by }, recordLine);
  for (const block of entity.traversals ?? []) traversal(doc, entity, block);
  footers(doc, entity, generatedAt);
  doc.end();
  return done;
}

function header(doc: Doc, e: Json): void {
  doc.font('bold').fontSize(18).fillColor('black').text(e.label || e.id);
  doc.font('regular').fontSize(10).fillColor(GREY).text(`${e.type} · ${e.id}`);
  const flags = [e.sanctioned && 'SANCTIONED', e.pep && 'POLITICALLY EXPOSED PERSON', e.closed && 'CLOSED'].filter(Boolean);
  if (flags.length) doc.moveDown(0.3).font('bold').fillColor(RED).text(flags.join('   '));
  if (e.psa_sanctioned) doc.font('regular').fillColor(RED).text(`Possibly the same as sanctioned entities: ${e.psa_sanctioned.split(',').join(', ')}`);
  doc.fillColor('black').moveDown(0.8);
}

function keyFacts(doc: Doc, e: Json): void {
  const sources = Object.entries<{ count: number; label: string }>(e.source_count ?? {}).map(([id, s]) => `${s.label} (${id}): ${s.count}`);
  const relationshipCounts = Object.entries<number>(e.relationship_count ?? {}).map(([type, n]) => `${type}: ${n}`);
  const rows: [string, string | string[]][] = [
    ['Countries', (e.countries ?? []).join(', ')],
    ['Date of birth', e.date_of_birth ?? ''],
    ['Identifiers', (e.identifiers ?? []).map((i: Json) => `${i.value} (${i.type})`)],
    ['Addresses', e.addresses ?? []],
    ['Relationships', relationshipCounts.length ? [`${e.degree} in all`, ...relationshipCounts] : ''],
    ['Possibly the same as', e.psa_count ? `${e.psa_count} ${e.psa_count === 1 ? 'entity' : 'entities'}` : ''],
    ['Sources', sources],
  ];
  section(doc, 'Summary');
  for (const [label, value] of rows) {
    const lines = Array.isArray(value) ? value : value ? [value] : [];
    if (!lines.length) continue;
    doc.font('bold').fontSize(9).text(label);
    doc.font('regular').fontSize(9);
    for (const line of lines) doc.text(line, { indent: 12 });
    doc.moveDown(0.3);
  }
}

/** A section of named pages (attribute fields, relationship types, ...): each item one line and its details. */
function pagedSection(doc: Doc, title: string, pages: Record<string, Json | undefined>, item: (value: Json) => [string, string[]]): void {
  const named = Object.entries(pages).filter((entry): entry is [string, Json] => Boolean(entry[1]?.data.length));
  if (!named.length) return;
  section(doc, title);
  for (const [name, page] of named) {
    subsection(doc, name, page);
    for (const value of page.data) line(doc, ...item(value));
  }
}

function attributeLine(item: Json): [string, string[]] {
  const { value, ...rest } = item.properties ?? {};
  const details = Object.entries(rest).map(([k, v]) => `${k}: ${v}`);
  return [String(value ?? ''), [...details, `records: ${item.record.join(', ')}`]];
}

function relationshipLine(item: Json): [string, string[]] {
  return [entityLine(item.target), Object.values<Json[]>(item.types ?? {}).flat().map(describeFact)];
}

function recordLine(item: Json): [string, string[]] {
  const r = item.record;
  const dates = [r.publication_date && `published ${r.publication_date}`, r.acquisition_date && `acquired ${r.acquisition_date}`].filter(Boolean);
  return [r.label || r.id, [[item.type, r.source, r.id, ...dates].join(' · ')]];
}

function traversal(doc: Doc, e: Json, block: Json): void {
  section(doc, `Traversal, ${block.min_depth} to ${block.max_depth} steps`);
  doc.font('regular').fontSize(8).fillColor(GREY)
    .text(`${block.data.length} paths from offset ${block.offset}${block.next ? '; more exist' : ''}${block.partial_results ? '; partial results' : ''}`)
    .fillColor('black').moveDown(0.3);
  for (const result of block.data) {
    const steps = (result.path as Json[]).map((s) => `-[${s.field}]-> ${s.entity.label || s.entity.id}`);
    line(doc, entityLine(result.target), [`${e.label || e.id} ${steps.join(' ')}`]);
  }
}

function describeFact(fact: Json): string {
  const attrs = Object.entries<Json[]>(fact.attributes ?? {}).map(([k, values]) => `${k} ${values.map(describeValue).join(', ')}`);
  const period = fact.from_date || fact.to_date ? `${fact.from_date ?? '?'} to ${fact.to_date ?? 'now'}` : fact.date;
  return [period, ...attrs, fact.record && `record ${fact.record}`].filter(Boolean).join(' · ');
}

function describeValue(v: Json): string {
  if (v.percentage !== undefined) return `${v.percentage}%`;
  return String(v.value ?? Object.values(v).join(' '));
}

function entityLine(e: Json): string {
  const flags = [e.sanctioned && 'sanctioned', e.pep && 'PEP', e.closed && 'closed'].filter(Boolean);
  return `${e.label || e.id} (${[e.type, e.id, ...flags].join(', ')})`;
}

function section(doc: Doc, title: string): void {
  if (doc.y > doc.page.height - 150) doc.addPage();
  doc.moveDown(0.6).font('bold').fontSize(13).fillColor('black').text(title).moveDown(0.3);
}

/** A field's heading, with which part of its list the page holds when it is not all of it. */
function subsection(doc: Doc, title: string, page: Json): void {
  const total = page.size?.count ?? page.data.length;
  const shown = page.data.length === total ? `${total}` : `showing ${page.offset + 1}-${page.offset + page.data.length} of ${total}`;
  doc.moveDown(0.2).font('bold').fontSize(10).text(`${title} (${shown})`).moveDown(0.1);
}

function line(doc: Doc, text: string, details: string[]): void {
  doc.font('regular').fontSize(9).fillColor('black').text(text, { indent: 8 });
  doc.fontSize(8).fillColor(GREY);
  for (const detail of details) doc.text(detail, { indent: 20 });
  doc.fillColor('black').moveDown(0.2);
}

function footers(doc: Doc, e: Json, generatedAt: Date): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the margin must not start a new page
    doc.font('regular').fontSize(7).fillColor(GREY).text(
      `${e.id} · generated ${generatedAt.toISOString()} by graph-api · page ${i + 1} of ${range.count}`,
      doc.page.margins.left, doc.page.height - 30, { width: doc.page.width - doc.page.margins.left - doc.page.margins.right, align: 'center' },
    );
    doc.page.margins.bottom = bottom;
  }
}
