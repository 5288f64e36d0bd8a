/**
 * Product blueprints (data/supply-chain/blueprints.json): which HS components go into which
 * products. The upstream product filter reads a product as its own HS prefix and those of its
 * components; a product without a blueprint is its own prefix only.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface Blueprint { label: string; components: string[] }

const FILE = path.resolve(__dirname, '..', '..', '..', 'data', 'supply-chain', 'blueprints.json');
let table: Record<string, Blueprint> | undefined;

export function blueprints(): Record<string, Blueprint> {
  table ??= (JSON.parse(fs.readFileSync(FILE, 'utf8')) as { blueprints: Record<string, Blueprint> }).blueprints;
  return table;
}

/** The HS prefixes a list of products stands for: each product and its blueprint's components, without repeats. */
export function productPrefixes(products: string[]): string[] {
  const all = blueprints();
  return [...new Set(products.flatMap((p) => [p, ...(all[p]?.components ?? [])]))];
}
