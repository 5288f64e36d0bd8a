/** Reading the rows of traversal statements: entities, step facts, paths, breadth-first levels. */
import type { Path } from '../../graph/driver';
import { apiRelType } from '../../domain/relationships';
import { Props, embeddedEntityProps } from '../../graph/mappers';
import { Step, StepFacts, pairKey } from './request';

/** The source a search statement returns (EMBEDDED_ENTITY_PROPERTIES values), or undefined for an unknown id. */
export const sourceProps = (values: unknown[] | null): Props | undefined => (values ? embeddedEntityProps(values) : undefined);

/** Entity rows of EMBEDDED_ENTITY_PROPERTIES values, by id. */
export function entityMap(rows: unknown[][]): Map<string, Props> {
  return new Map(rows.map((values) => {
    const props = embeddedEntityProps(values);
    return [props.id as string, props];
  }));
}

/** The `stepFacts` column of a page statement (traverse, levels, bfs-page), grouped by step. */
export function stepFactsOf(row: { get(key: string): unknown }): StepFacts {
  return groupStepFacts((row.get('stepFacts') as { a: string; b: string; type: string; fact: Props; acquisition_date: string | null }[])
    .map((f) => ({ a: f.a, b: f.b, type: f.type, fact: f.fact, acquisitionDate: f.acquisition_date ?? undefined })));
}

export function groupStepFacts(rows: { a: string; b: string; type: string; fact: Props; acquisitionDate?: string }[]): StepFacts {
  const byPair: StepFacts = new Map();
  for (const row of rows) {
    const key = pairKey(row.a, row.b);
    const list = byPair.get(key) ?? [];
    list.push({ type: apiRelType(row.type), fact: row.fact, acquisitionDate: row.acquisitionDate });
    byPair.set(key, list);
  }
  return byPair;
}

/** The steps of a driver Path. */
export function pathSteps(path: Path): Step[] {
  return path.segments.map((segment) => ({
    type: apiRelType(segment.relationship.type),
    from: segment.start.properties as Props,
    to: segment.end.properties as Props,
    fact: segment.relationship.properties as Props,
  }));
}

/** An entity of a breadth-first level, and whether it passes the end filters. */
export interface LevelEntity { id: string; hit: boolean }
/** How each entity of a breadth-first search was first reached: the entity before it and the fact (element id). */
export type Via = Map<string, { from: string; rel: string }>;
/** A path as entity ids from the source and the element ids of its facts. */
export interface ViaPath { ids: string[]; rels: string[] }
/** A result by length, with its path when it is not the breadth-first one. */
export interface Ranked { id: string; len: number; path?: ViaPath }

/** The targets of breadth-first `levels` (level i at i + 1 steps) that pass the end filters, from `minLen` steps, in result order. */
export function resultsOf(levels: LevelEntity[][], minLen: number): Ranked[] {
  return levels.slice(minLen - 1).flatMap((level, i) => level.filter((entity) => entity.hit).map((entity) => ({ id: entity.id, len: minLen + i })));
}

/** The path by which a breadth-first search first reached `target` (a shortest one). */
export function pathFromVia(via: Via, target: string): ViaPath {
  const ids = [target];
  const rels: string[] = [];
  for (let at = via.get(target)!; at.from !== ''; at = via.get(at.from)!) {
    rels.unshift(at.rel);
    ids.unshift(at.from);
  }
  return { ids, rels };
}
