/** The database's catalogue as a backend describes it (Store.describeTables; re-exported by ports.ts). */

/** A column type as a family: how the database stores the values that shared/schema.ts types as string, number or bytes. */
export type ColumnType = 'text' | 'integer' | 'real' | 'blob' | 'other';

export interface ColumnDescription {
  name: string;
  type: ColumnType;
  /** The type as the database's catalogue names it (`TEXT`, `int4`, `tsvector`…). */
  declared: string;
  nullable: boolean;
  /** The database fills it when an insert leaves it out: a default, or a key it generates. */
  hasDefault: boolean;
}

export interface TableDescription {
  name: string;
  /** In the order the table defines them. */
  columns: ColumnDescription[];
}
