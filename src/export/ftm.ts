/**
 * A network as FollowTheMoney entities (one JSON object a line), loadable by the FtM tools and
 * by `graph-api import ftm`: entities as things, relationship facts as interval entities, by
 * the importer's tables read backwards (docs/import-formats.md, "Exports").
 */
import { createHash } from 'node:crypto';
import countries from 'i18n-iso-countries';
import { POSSIBLY_SAME_AS, inverseRelationship } from '../domain/relationships';
import { FTM_INTERVAL_SCHEMATA, FTM_PROPERTIES, FTM_TOPICS } from '../importers/tables';
import type { ExportEdge, Network } from './network';

/** Entity types and the FtM schema each is written as; other types are LegalEntity. */
export const FTM_EXPORT_SCHEMATA: Readonly<Record<string, string>> = {
  person: 'Person', company: 'Company', government_organization: 'PublicBody', vessel: 'Vessel', aircraft: 'Airplane',
  security: 'Security', property: 'RealEstate',
};
/** Share-bearing types beside has_shareholder that are written as Ownership. */
const OWNERSHIP_TYPES = ['has_shareholder', 'has_beneficial_owner', 'has_owner'];

const intervalFor = new Map<string, string>();
for (const [schema, m] of Object.entries(FTM_INTERVAL_SCHEMATA)) if (!intervalFor.has(m.type)) intervalFor.set(m.type, schema);
for (const type of OWNERSHIP_TYPES) intervalFor.set(type, 'Ownership');

const topicFor = new Map<string, string>();
for (const [topic, factor] of Object.entries(FTM_TOPICS)) if (factor && !topicFor.has(factor)) topicFor.set(factor, topic);

const identifierProperty = new Map<string, string>();
for (const [prop, m] of Object.entries(FTM_PROPERTIES)) if (m.field === 'identifier' && m.type && !identifierProperty.has(m.type)) identifierProperty.set(m.type, prop);

const COUNTRY_CODES: Record<string, string> = { RKS: 'xk', XXX: 'zz' };
const ftmCountry = (id: string): string | undefined => COUNTRY_CODES[id] ?? countries.alpha3ToAlpha2(id)?.toLowerCase();

export interface FtmOut { id: string; schema: string; properties: Record<string, string[]>; referents?: string[] }

export function thing(node: Network['nodes'] extends Map<string, infer N> ? N : never): FtmOut {
  const props: Record<string, string[]> = {};
  const put = (prop: string, values: (string | undefined)[]) => {
    const kept = [...new Set(values.filter((v): v is string => typeof v === 'string' && v !== ''))];
    if (kept.length) props[prop] = [...(props[prop] ?? []), ...kept];
  };
  put('name', [node.label]);
  put('country', (node.countries ?? []).map(ftmCountry));
  put('address', node.addresses ?? []);
  put('birthDate', [node.date_of_birth]);
  for (const ident of node.identifiers ?? []) put(identifierProperty.get(ident.type) ?? 'idNumber', [ident.value]);
  const factors = Object.keys((node as { risk?: Record<string, unknown> }).risk ?? {});
  put('topics', factors.map((f) => topicFor.get(f) ?? (f.startsWith('sanctioned_') ? 'sanction' : undefined)));
  return { id: node.id, schema: FTM_EXPORT_SCHEMATA[node.type ?? ''] ?? 'LegalEntity', properties: props };
}

/** An edge as an interval entity; a type the tables know only by its inverse is written the other way round. */
export function interval(edge: ExportEdge): FtmOut {
  let { type, from, to } = edge;
  if (!intervalFor.has(type) && intervalFor.has(inverseRelationship(type))) [type, from, to] = [inverseRelationship(type), to, from];
  const schema = intervalFor.get(type) ?? 'UnknownLink';
  const mapping = FTM_INTERVAL_SCHEMATA[schema];
  const { fact } = edge;
  const props: Record<string, string[]> = { [mapping.from]: [from], [mapping.to]: [to] };
  const share = fact.attributes?.shares?.find((s) => typeof s.percentage === 'number');
  if (schema === 'Ownership' && share) props.percentage = [String(share.percentage)];
  if (fact.from_date) props.startDate = [fact.from_date];
  if (fact.to_date) props.endDate = [fact.to_date];
  if (fact.date) props.date = [fact.date];
  const position = fact.attributes?.position?.[0]?.value ?? (schema === 'UnknownLink' && type !== 'linked_to' ? type : undefined);
  if (position && mapping.position) props[mapping.position] = [position];
  // The same fact gets the same id in every export, and again after a round trip through import (which keeps what the id is made of).
  const id = createHash('sha1').update(JSON.stringify([schema, from, to, fact.date ?? '', fact.from_date ?? '', props.percentage ?? [], position ?? ''])).digest('hex').slice(0, 24);
  return { id: `${schema.toLowerCase()}-${id}`, schema, properties: props };
}

/** Possibly-same-as links are FtM `referents` of the entity they leave from; every other fact an interval entity. */
export function ftmEntities(network: Network): FtmOut[] {
  const things = new Map([...network.nodes.values()].map((node) => [node.id, thing(node)]));
  const intervals: FtmOut[] = [];
  for (const edge of network.edges) {
    if (edge.type !== POSSIBLY_SAME_AS) {
      intervals.push(interval(edge));
      continue;
    }
    const from = things.get(edge.from)!;
    if (!from.referents?.includes(edge.to)) from.referents = [...(from.referents ?? []), edge.to];
  }
  return [...things.values(), ...intervals];
}

export const ftmNdjson = (network: Network): string => ftmEntities(network).map((e) => JSON.stringify(e)).join('\n') + '\n';
