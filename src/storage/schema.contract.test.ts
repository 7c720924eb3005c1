/**
 * One definition per table: shared/schema.ts (with the schema.*.ts files it imports) is what the repositories are
 * typed against, so every backend's migrations must build exactly those tables. For each backend of the contract
 * suite, every table and column the database holds is compared with the table types: the same tables (less the ones
 * the backend's adapter lists as its own), the same columns, the same nullability, a type of the same family. Then
 * the backends are compared with each other where TypeScript cannot tell: a `number` is an integer on every backend
 * or a real on every backend.
 */
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { STORE_BACKENDS } from '../../test/backends.ts';
import type { BackendAdapter } from './backendAdapter.ts';
import type { ColumnType, Store, TableDescription } from './ports.ts';
import { sqliteAdapter } from './sqlite/adapter.ts';
import { postgresAdapter } from './postgres/adapter.ts';

const ADAPTERS: Record<Store['backend'], BackendAdapter<never>> = { sqlite: sqliteAdapter, postgres: postgresAdapter };

interface DeclaredColumn {
  name: string;
  /** The TypeScript type with `Generated<…>` and `| null` taken off. */
  type: string;
  nullable: boolean;
  /** `Generated<…>`: inserts may leave it out, so the database must fill it. */
  generated: boolean;
}

/** Which database type families a TypeScript column type may be stored as. */
const FAMILIES: Record<string, ColumnType[]> = { string: ['text'], number: ['integer', 'real'], Uint8Array: ['blob'] };

/** The tables of the `Database` interface, each with its columns, read from the schema files' source. */
function declaredTables(): Map<string, DeclaredColumn[]> {
  const dir = join(import.meta.dirname, 'shared');
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  for (const file of readdirSync(dir).filter(f => /^schema(\.\w+)?\.ts$/.test(f))) {
    const source = ts.createSourceFile(file, readFileSync(join(dir, file), 'utf8'), ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) if (ts.isInterfaceDeclaration(statement)) interfaces.set(statement.name.text, statement);
  }
  const columnsOf = (node: ts.InterfaceDeclaration): DeclaredColumn[] =>
    node.members.filter(ts.isPropertySignature).map(member => {
      const written = member.type!.getText();
      const generated = /^Generated<.+>$/.test(written);
      const type = written.replace(/^Generated<(.+)>$/, '$1').replace(/ \| null$/, '');
      return { name: (member.name as ts.Identifier).text, type, nullable: / \| null$/.test(written), generated };
    });
  const database = interfaces.get('Database');
  assert.ok(database, 'shared/schema.ts declares the Database interface');
  const tables = new Map<string, DeclaredColumn[]>();
  for (const { name, type } of columnsOf(database)) {
    const table = interfaces.get(type);
    assert.ok(table, `table ${name}: its type ${type} is declared in a shared/schema*.ts file`);
    tables.set(name, columnsOf(table));
  }
  return tables;
}

/** Every difference between what the database holds and what the table types say, one line each. */
function differences(actual: TableDescription[], declared: Map<string, DeclaredColumn[]>, ownTables: readonly string[]): string[] {
  const problems: string[] = [];
  const held = new Map(actual.filter(t => !ownTables.includes(t.name)).map(t => [t.name, t]));
  for (const name of declared.keys()) if (!held.has(name)) problems.push(`${name}: in schema.ts, not in the database`);
  for (const [name, table] of held) {
    const columns = declared.get(name);
    if (!columns) {
      problems.push(`${name}: in the database, not in schema.ts`);
      continue;
    }
    const byName = new Map(table.columns.map(c => [c.name, c]));
    for (const column of columns) {
      const real = byName.get(column.name);
      if (!real) {
        problems.push(`${name}.${column.name}: in schema.ts, not in the database`);
        continue;
      }
      byName.delete(column.name);
      const families = FAMILIES[column.type];
      if (!families) problems.push(`${name}.${column.name}: schema.ts type ${column.type} has no database family`);
      else if (!families.includes(real.type)) problems.push(`${name}.${column.name}: schema.ts says ${column.type}, the database ${real.declared} (${real.type})`);
      if (column.generated && !real.hasDefault) problems.push(`${name}.${column.name}: schema.ts says Generated, the database has no default`);
      if (real.nullable !== column.nullable) {
        problems.push(`${name}.${column.name}: schema.ts says ${column.nullable ? 'nullable' : 'not null'}, the database ${real.nullable ? 'nullable' : 'not null'}`);
      }
    }
    for (const extra of byName.keys()) problems.push(`${name}.${extra}: in the database, not in schema.ts`);
  }
  return problems;
}

test('the schema comparison reports each kind of difference', () => {
  const declared = new Map([
    ['notes', [
      { name: 'id', type: 'string', nullable: false, generated: false },
      { name: 'n', type: 'number', nullable: true, generated: false },
      { name: 'seq', type: 'number', nullable: false, generated: true },
    ]],
    ['gone', []],
  ]);
  const actual: TableDescription[] = [
    {
      name: 'notes',
      columns: [
        { name: 'id', type: 'integer', declared: 'INTEGER', nullable: false, hasDefault: false },
        { name: 'seq', type: 'integer', declared: 'int4', nullable: true, hasDefault: false },
        { name: 'extra', type: 'text', declared: 'TEXT', nullable: true, hasDefault: false },
      ],
    },
    { name: 'stray', columns: [] },
    { name: 'fts_shadow', columns: [] },
  ];
  assert.deepEqual(differences(actual, declared, ['fts_shadow']), [
    'gone: in schema.ts, not in the database',
    'notes.id: schema.ts says string, the database INTEGER (integer)',
    'notes.n: in schema.ts, not in the database',
    'notes.seq: schema.ts says Generated, the database has no default',
    'notes.seq: schema.ts says not null, the database nullable',
    'notes.extra: in the database, not in schema.ts',
    'stray: in the database, not in schema.ts',
  ]);
});

/** Each backend's family per numeric column, to compare the backends once all have run. */
const numericFamilies = new Map<string, Map<string, ColumnType>>();

for (const backend of STORE_BACKENDS) {
  describe(`schema parity (${backend.name})`, () => {
    test('every table and column the migrations build is the one shared/schema.ts declares, and no other', async () => {
      const store = await backend.fresh();
      try {
        const declared = declaredTables();
        const actual = await store.describeTables();
        const { ownTables } = ADAPTERS[store.backend];
        assert.deepEqual(differences(actual, declared, ownTables), []);
        // The exclusions stay exact: each table the adapter names as its own exists (pgvector's only with pgvector).
        const held = new Set(actual.map(t => t.name));
        const vectors = (await store.vectors.status()).available;
        assert.deepEqual(ownTables.filter(t => !held.has(t) && !(t === 'memory_vectors' && !vectors)), []);
        const families = new Map<string, ColumnType>();
        for (const table of actual) {
          for (const column of table.columns) {
            if (declared.get(table.name)?.find(c => c.name === column.name)?.type === 'number') families.set(`${table.name}.${column.name}`, column.type);
          }
        }
        numericFamilies.set(backend.name, families);
      } finally {
        await store.close();
      }
    });
  });
}

describe('schema parity across backends', () => {
  after(() => numericFamilies.clear());
  test('a number column is an integer on every backend or a real on every backend', () => {
    const [first, ...others] = [...numericFamilies];
    assert.ok(first && others.length > 0, 'at least two backends were described');
    const mismatches = others.flatMap(([name, families]) =>
      [...first[1]].filter(([column, type]) => families.get(column) !== type).map(([column, type]) => `${column}: ${first[0]} ${type}, ${name} ${families.get(column)}`),
    );
    assert.deepEqual(mismatches, []);
  });
});
