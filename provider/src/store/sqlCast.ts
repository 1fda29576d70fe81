import { sql, type RawBuilder } from 'kysely';

/** A column's SQL type, as a value bound for it is cast. */
export type SqlType = 'integer' | 'bigint' | 'double precision' | 'text' | `varchar(${number})`;

/**
 * A bound value cast to its column's type: PostgreSQL cannot tell a parameter's type in a
 * VALUES list or in the select list of an INSERT ... SELECT, and would take it for text.
 */
export const cast = <Value = unknown>(value: unknown, type: SqlType): RawBuilder<Value> =>
  sql<Value>`cast(${value} as ${sql.raw(type)})`;
