import { sql, type InsertResult, type Insertable, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from './schema.js';
import { cast, type SqlType } from './sqlCast.js';

/** Where each column of the written rows comes from: a column of the selected row, or an expression. */
export type ColumnSources<Table extends keyof Database> = {
  readonly [Column in keyof Insertable<Database[Table]> & string]?: RawBuilder<unknown>;
};

/** A column of the selected rows, by name. */
export const selectedColumn = (name: string): RawBuilder<unknown> => sql.ref(name);

/**
 * The same values in every written row, each cast to its column's type (sqlCast.ts). A value
 * left undefined is left out, so its column takes its default.
 */
export function constantColumns<Values extends object>(
  values: Values,
  types: { readonly [Column in keyof Values]-?: SqlType },
): { [Column in keyof Values]?: RawBuilder<unknown> } {
  const columns: { [Column in keyof Values]?: RawBuilder<unknown> } = {};
  for (const column of Object.keys(values) as (keyof Values)[])
    if (values[column] !== undefined) columns[column] = cast(values[column], types[column]);
  return columns;
}

/**
 * One row of `table` for each row `rows` selects, in one INSERT ... SELECT: the rows never
 * cross to the provider's thread, so a statement writes 300,000 of them as fast as one.
 */
export async function insertForEachRow<Table extends keyof Database, From extends keyof Database>(
  db: Kysely<Database>,
  table: Table,
  rows: SelectQueryBuilder<Database, From, object>,
  columns: ColumnSources<Table>,
): Promise<InsertResult> {
  const names = Object.keys(columns);
  const selected = names.map((name) => (columns as Record<string, RawBuilder<unknown>>)[name]!.as(name));
  return db
    .insertInto(table)
    .columns(names as never)
    .expression(rows.select(selected))
    .executeTakeFirst();
}
