/**
 * One CSV input file of Neo4j's offline importer (`neo4j-admin database import full`): a fixed
 * header of typed columns, then one row per node or relationship. Every value is quoted (a quote
 * doubled), so any text survives; lists join their items with ARRAY_DELIMITER.
 *
 * The importer cannot hold an empty list (an empty field is no property), so a list column
 * whose value is empty is left out and the caller restores it (cypher/bulkLoad.cypher).
 */
import fs from 'node:fs';

/** Between the items of a list value and between labels: a control character no id or text of the format uses. */
export const ARRAY_DELIMITER = '\u001f';

export type ColumnType = 'string' | 'string[]' | 'double' | 'boolean';
/** A column: a property (name and type) or one of the importer's own fields (`:ID(Group)`, `:LABEL`...). */
export type Column = { name: string; type: ColumnType } | { field: string };
export type Value = string | number | boolean | string[] | undefined | null;

const quote = (text: string): string => `"${text.replace(/"/g, '""')}"`;

export class CsvFile {
  private readonly fd: number;
  private buffer: string[] = [];
  private size = 0;
  private readonly props: Map<string, { index: number; type: ColumnType }>;
  rows = 0;
  /** Whether some value holds a line break: the importer then reads the file as multi-line. */
  multiline = false;

  constructor(readonly path: string, readonly columns: Column[]) {
    this.fd = fs.openSync(path, 'w');
    this.props = new Map(columns.flatMap((c, index) => ('name' in c ? [[c.name, { index, type: c.type }] as const] : [])));
    this.write(columns.map((c) => ('name' in c ? `${c.name}:${c.type}` : c.field)).join(','));
  }

  /**
   * One row: `fields` are the values of the importer's fields in column order, `props` the
   * properties. A property the header lacks, or of another type, throws: the file would
   * otherwise load a graph other than the one ingest writes.
   */
  add(fields: string[], props: Record<string, Value>): void {
    const cells: string[] = new Array(this.columns.length).fill('');
    let f = 0;
    this.columns.forEach((c, i) => {
      if (!('name' in c)) cells[i] = this.text(fields[f++]);
    });
    for (const [name, value] of Object.entries(props)) {
      if (value === undefined || value === null) continue;
      const column = this.props.get(name);
      if (!column) throw new Error(`bulk-load: no column for property ${name} in ${this.path}`);
      cells[column.index] = this.cell(name, column.type, value);
    }
    this.write(cells.join(','));
    this.rows += 1;
  }

  private cell(name: string, type: ColumnType, value: Exclude<Value, undefined | null>): string {
    const wrong = () => new Error(`bulk-load: property ${name} is ${JSON.stringify(value)}, not a ${type}`);
    switch (type) {
      case 'string':
        if (typeof value !== 'string') throw wrong();
        return this.text(value);
      case 'string[]':
        if (!Array.isArray(value)) throw wrong();
        if (value.length === 0) return '';
        for (const item of value) if (item.includes(ARRAY_DELIMITER) || item === '') throw new Error(`bulk-load: a list item of ${name} is empty or holds U+001F`);
        return this.text(value.join(ARRAY_DELIMITER));
      case 'double':
        if (typeof value !== 'number' || !Number.isFinite(value)) throw wrong();
        return String(value);
      case 'boolean':
        if (typeof value !== 'boolean') throw wrong();
        return String(value);
    }
  }

  private text(value: string): string {
    if (!this.multiline && /[\r\n]/.test(value)) this.multiline = true;
    return quote(value);
  }

  private write(line: string): void {
    this.buffer.push(line);
    this.size += line.length;
    if (this.size > 1 << 20) this.flush();
  }

  private flush(): void {
    if (this.buffer.length === 0) return;
    fs.writeSync(this.fd, `${this.buffer.join('\n')}\n`);
    this.buffer = [];
    this.size = 0;
  }

  close(): void {
    this.flush();
    fs.closeSync(this.fd);
  }
}
