/**
 * Beneficial Ownership Data Standard statements (0.2 / 0.3 `statementType`, 0.4 `recordType`)
 * as ingest lines, by the tables in ./tables (docs/import-formats.md). Entity and person
 * statements become entities, each interest of an ownership-or-control statement a
 * relationship from the subject to the interested party, and each statement a record.
 *
 * Identity: 0.4 statements carry a `recordId` shared by every version of a record, which is the
 * entity's (or relationship's) id. 0.2 / 0.3 statements have only their own id; one that lists
 * `replacesStatements` takes the id of the statement it replaces (followed back to the first),
 * so a later statement updates the entity instead of adding a second one; the chain is followed
 * back into earlier imports through the root each imported statement was given.
 */
import type { AttributeLine, EntityLine, IngestLine, RecordLine, RelationshipLine, Share } from '../ingest/validate';
import { Converter, InputItem, ItemKey, Unmapped, countryId, dateOf, percentageOf, slug } from './common';
import { BODS_ENTITY_TYPES, BODS_IDENTIFIER_SCHEMES, BODS_INTEREST_TYPES } from './tables';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The source of statements whose publisher is not named. */
export const BODS_DEFAULT_SOURCE = 'bods';

const KIND_BY_STATEMENT_TYPE: Record<string, 'entity' | 'person' | 'relationship'> = {
  entityStatement: 'entity', personStatement: 'person', ownershipOrControlStatement: 'relationship',
  entity: 'entity', person: 'person', relationship: 'relationship',
};

interface Statement { kind: 'entity' | 'person' | 'relationship'; statementId: string; recordId?: string; details: Json; raw: Json }

function statementOf(value: unknown): Statement | { error: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: 'not a JSON object' };
  const raw = value as Json;
  const type = raw.recordType ?? raw.statementType;
  if (typeof type !== 'string') return { error: 'missing "statementType" (BODS 0.2/0.3) or "recordType" (0.4)' };
  const kind = KIND_BY_STATEMENT_TYPE[type];
  if (!kind) return { error: `unknown statement type ${JSON.stringify(type)}` };
  const statementId = raw.statementId ?? raw.statementID;
  if (typeof statementId !== 'string' || statementId === '') return { error: 'missing "statementId"' };
  const v04 = raw.recordType !== undefined;
  if (v04 && (typeof raw.recordId !== 'string' || raw.recordId === '')) return { error: 'missing "recordId"' };
  if (v04 && (typeof raw.recordDetails !== 'object' || raw.recordDetails === null)) return { error: 'missing "recordDetails"' };
  return { kind, statementId, recordId: v04 ? raw.recordId : undefined, details: v04 ? raw.recordDetails : raw, raw };
}

const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter((x) => typeof x === 'object' && x !== null) : []);

export class BodsConverter implements Converter {
  readonly unmapped = new Unmapped();
  private readonly replacedBy = new Map<string, string>();
  private readonly sources = new Map<string, string>();

  /** 0.2 / 0.3 statement ids this file names (replaced or referred to), to look up in earlier imports. */
  private readonly named = new Set<string>();
  private readonly defined = new Set<string>();
  /** The graph id earlier imports gave statements this file names but does not hold. */
  private earlierRoots = new Map<string, string>();

  collect({ value }: InputItem): void {
    const s = statementOf(value);
    if ('error' in s) return;
    this.defined.add(s.statementId);
    for (const old of s.raw.replacesStatements ?? []) {
      if (typeof old !== 'string') continue;
      this.replacedBy.set(s.statementId, this.replacedBy.get(s.statementId) ?? old);
      this.named.add(old);
    }
    if (!s.recordId && s.kind === 'relationship') {
      for (const party of [s.details.subject, s.details.interestedParty]) {
        const ref = party?.describedByEntityStatement ?? party?.describedByPersonStatement;
        if (typeof ref === 'string' && ref) this.named.add(ref);
      }
    }
    const [id, label] = this.sourceOf(s);
    this.sources.set(id, label);
  }

  /** A statement replacing (or naming) one loaded from an earlier file takes the id that one was given. */
  async resolve(_existing: (ids: string[]) => Promise<Set<string>>, roots: (keys: string[]) => Promise<Map<string, string>>): Promise<void> {
    const outside = [...this.named].filter((id) => !this.defined.has(id));
    const found = await roots(outside.map((id) => `bods:${id}`));
    this.earlierRoots = new Map(outside.filter((id) => found.has(`bods:${id}`)).map((id) => [id, found.get(`bods:${id}`)!]));
  }

  keysOf({ value }: InputItem): ItemKey[] {
    const s = statementOf(value);
    return 'error' in s ? [] : [{ key: `bods:${s.statementId}`, scope: `bods:${this.sourceOf(s)[0]}`, root: this.idOf(s) }];
  }

  preamble(): IngestLine[] {
    return [...this.sources].map(([id, label]) => ({ kind: 'source', id, label, source_type: 'beneficial_ownership_register' }));
  }

  /** The graph id of what a statement describes (see the module comment). */
  private idOf(s: Statement): string {
    if (s.recordId) return s.recordId;
    return this.rootOf(s.statementId);
  }

  private rootOf(statementId: string): string {
    let id = statementId;
    for (let hops = 0; this.replacedBy.has(id) && hops < 1000; hops++) id = this.replacedBy.get(id)!;
    return this.earlierRoots.get(id) ?? id;
  }

  private sourceOf(s: Statement): [string, string] {
    const publisher = s.raw.publicationDetails?.publisher?.name;
    return typeof publisher === 'string' && publisher ? [`bods_${slug(publisher)}`, publisher] : [BODS_DEFAULT_SOURCE, 'Beneficial ownership statements'];
  }

  convert({ value }: InputItem): IngestLine[] | { error: string } {
    const s = statementOf(value);
    if ('error' in s) return s;
    const record: RecordLine = {
      kind: 'record', id: `bods:${s.statementId}`, source: this.sourceOf(s)[0], label: `BODS ${s.kind} statement ${s.statementId}`,
    };
    const published = dateOf(s.raw.publicationDetails?.publicationDate);
    if (published) record.publication_date = published;
    const date = dateOf(s.raw.statementDate);
    if (s.kind === 'relationship') return this.relationship(s, record, date);
    record.references = [{ entity: this.idOf(s), type: 'about' }];
    return [record, this.entity(s, record.id)];
  }

  private entity(s: Statement, recordId: string): EntityLine {
    const d = s.details;
    const records = [recordId];
    const attributes: AttributeLine[] = [];
    const add = (a: AttributeLine) => attributes.push({ ...a, records });
    let type = 'person';
    if (s.kind === 'entity') {
      const bodsType = typeof d.entityType === 'string' ? d.entityType : d.entityType?.type;
      type = BODS_ENTITY_TYPES[bodsType] ?? 'unknown';
      if (bodsType && !BODS_ENTITY_TYPES[bodsType]) this.unmapped.add('unknown entity type (entity typed unknown)', String(bodsType));
      if (typeof d.name === 'string' && d.name) add({ field: 'name', value: d.name });
      for (const n of Array.isArray(d.alternateNames) ? d.alternateNames : []) if (typeof n === 'string') add({ field: 'name', value: n, type: 'alias' });
      const jurisdiction = d.jurisdiction ?? d.incorporatedInJurisdiction;
      const country = typeof jurisdiction?.code === 'string' ? countryId(jurisdiction.code.split('-')[0]) : undefined;
      if (country) add({ field: 'country', value: country, type: 'registration' });
      const founded = dateOf(d.foundingDate);
      if (founded) add({ field: 'status', value: 'incorporated', date: founded });
      const dissolved = dateOf(d.dissolutionDate);
      if (dissolved) add({ field: 'status', value: 'dissolved', date: dissolved });
    } else {
      for (const n of list(d.names)) {
        const name = n.fullName ?? [n.givenName, n.patronymicName, n.familyName].filter(Boolean).join(' ');
        if (name) add({ field: 'name', value: name, ...(n.type && n.type !== 'legal' ? { type: String(n.type) } : {}) });
      }
      for (const n of list(d.nationalities)) {
        const country = typeof n.code === 'string' ? countryId(n.code) : undefined;
        if (country) add({ field: 'country', value: country, type: 'nationality' });
      }
      const born = dateOf(d.birthDate);
      if (born) add({ field: 'date_of_birth', value: born });
      const died = dateOf(d.deathDate);
      if (died) add({ field: 'person_status', value: 'deceased', date: died });
    }
    for (const a of list(d.addresses)) {
      if (typeof a.address !== 'string' || !a.address) continue;
      const country = typeof a.country === 'string' ? countryId(a.country) : typeof a.country?.code === 'string' ? countryId(a.country.code) : undefined;
      add({ field: 'address', value: a.address, ...(a.type ? { type: String(a.type) } : {}), ...(country ? { country } : {}) });
    }
    for (const i of list(d.identifiers)) {
      const value = i.id ?? i.uri;
      if (typeof value !== 'string' || !value) continue;
      const scheme = typeof i.scheme === 'string' ? i.scheme : typeof i.schemeName === 'string' ? i.schemeName : 'bods_identifier';
      add({ field: 'identifier', value, type: BODS_IDENTIFIER_SCHEMES[scheme] ?? slug(scheme) });
    }
    const entity: EntityLine = { kind: 'entity', id: this.idOf(s), type, attributes };
    if (attributes.every((a) => a.field !== 'name')) entity.label = s.kind === 'person' ? 'Unknown person' : 'Unknown entity';
    if (s.raw.recordStatus === 'closed' || dateOf(d.dissolutionDate)) entity.closed = true;
    return entity;
  }

  /** The id a relationship's party refers to: a 0.4 record id, or a 0.2/0.3 statement reference; undefined when unspecified. */
  private partyOf(s: Statement, party: unknown): string | undefined {
    if (typeof party === 'string') return party;
    if (typeof party !== 'object' || party === null) return undefined;
    const p = party as Json;
    const ref = p.describedByEntityStatement ?? p.describedByPersonStatement;
    return typeof ref === 'string' && ref ? (s.recordId ? ref : this.rootOf(ref)) : undefined;
  }

  private relationship(s: Statement, record: RecordLine, date: string | undefined): IngestLine[] | { error: string } {
    const d = s.details;
    const subject = this.partyOf(s, d.subject);
    if (!subject) return { error: 'subject: no entity statement named' };
    const party = this.partyOf(s, d.interestedParty);
    if (!party) {
      this.unmapped.add('unspecified interested party (relationship not loaded)', String(d.interestedParty?.unspecified?.reason ?? d.interestedParty?.reason ?? 'unspecified'));
      return [];
    }
    if (party === subject) return { error: 'interestedParty: the same as the subject' };
    record.references = [{ entity: subject, type: 'about' }, { entity: party, type: 'mentions' }];
    const id = this.idOf(s);
    const closed = s.raw.recordStatus === 'closed';
    const interests = list(d.interests);
    if (interests.length === 0) interests.push({ type: 'unknownInterest' });
    const out: IngestLine[] = [record];
    interests.forEach((interest, i) => {
      let type = BODS_INTEREST_TYPES[interest.type];
      if (!type) {
        this.unmapped.add('unknown interest type (loaded as has_owner)', String(interest.type));
        type = 'has_owner';
      }
      if (interest.beneficialOwnershipOrControl === true) type = 'has_beneficial_owner';
      const rel: RelationshipLine = { kind: 'relationship', id: `bods:${id}:${i}`, type, from: subject, to: party, record: record.id };
      if (date) rel.date = date;
      const start = dateOf(interest.startDate);
      if (start) rel.from_date = start;
      const end = dateOf(interest.endDate) ?? (closed ? date : undefined);
      if (end) rel.to_date = end;
      const share = interest.share;
      if (share && typeof share === 'object') {
        // A range gives its lower bound: a stated percentage is never more than the statement says.
        const percentage = percentageOf(share.exact) ?? percentageOf(share.minimum) ?? percentageOf(share.exclusiveMinimum) ?? percentageOf(share.maximum) ?? percentageOf(share.exclusiveMaximum);
        if (percentage !== undefined) rel.shares = [{ percentage } as Share];
      }
      if (typeof interest.details === 'string' && interest.details) rel.position = interest.details;
      out.push(rel);
    });
    return out;
  }
}
