import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * A subquery's rows as one JSON array of arrays, each in `columns` order: json_group_array(json_array(…))
 * on SQLite, json_agg(json_build_array(…)) on PostgreSQL. Arrays rather than the objects of kysely's
 * jsonArrayFrom: no row writes out its column names for the reader to parse them again. On the envelope
 * details read, the recipients' aggregate and its parsing took a third less time (docs/benchmarks.md).
 */
export const jsonTuplesFrom = (postgres: boolean, query: Expression<unknown>, columns: readonly string[]): RawBuilder<unknown> => {
  const values = sql.join(columns.map((column) => sql.ref(`agg.${column}`)));
  return postgres
    ? sql`(select coalesce(json_agg(json_build_array(${values})), '[]') from ${query} as agg)`
    : sql`(select coalesce(json_group_array(json_array(${values})), '[]') from ${query} as agg)`;
};

/** SQLite hands a JSON aggregate back as text, PostgreSQL as parsed JSON. */
const jsonValue = (value: unknown): unknown[][] =>
  typeof value === 'string' ? (JSON.parse(value) as unknown[][]) : (value as unknown[][]);

/** The rows of a jsonTuplesFrom aggregate, each an object keyed by the columns it was made with. */
export const rowsOfTuples = <Row>(value: unknown, columns: readonly (keyof Row & string)[]): Row[] =>
  jsonValue(value).map((tuple) => {
    const row: Record<string, unknown> = {};
    columns.forEach((column, index) => {
      row[column] = tuple[index];
    });
    return row as Row;
  });
