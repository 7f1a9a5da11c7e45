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

/**
 * Columns of the row being selected (`table.column`, joins included) as one JSON array: json_array(…) on SQLite,
 * json_build_array(…) on PostgreSQL. better-sqlite3 gives each column of a row a property of its own, named
 * afresh for every row: on the details read of thirty columns those names cost more than SQLite's own work
 * (docs/benchmarks.md).
 */
export const jsonTuple = (postgres: boolean, columns: readonly string[]): RawBuilder<unknown> => {
  const values = sql.join(columns.map((column) => sql.ref(column)));
  return postgres ? sql`json_build_array(${values})` : sql`json_array(${values})`;
};

/** SQLite hands JSON back as text, PostgreSQL as parsed JSON. */
const jsonValue = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/**
 * Tuples made with `columns` (jsonTuple, jsonTuplesFrom), read as rows keyed by those names. A row is its tuple
 * behind getters shared by every row: copying each column into an object of its own cost more than parsing the
 * JSON (a megamorphic keyed store per column, and past a dozen columns an object in dictionary mode).
 */
export const tupleReader = <Row>(columns: readonly (keyof Row & string)[]) => {
  class TupleRow {
    readonly tuple: readonly unknown[];
    constructor(tuple: readonly unknown[]) {
      this.tuple = tuple;
    }
  }
  columns.forEach((column, index) => {
    Object.defineProperty(TupleRow.prototype, column, {
      get(this: TupleRow) {
        return this.tuple[index];
      },
    });
  });
  const rowOf = (tuple: readonly unknown[]) => new TupleRow(tuple) as unknown as Row;
  return {
    /** The row of a jsonTuple. */
    row: (value: unknown): Row => rowOf(jsonValue<unknown[]>(value)),
    /** The rows of a jsonTuplesFrom aggregate. */
    rows: (value: unknown): Row[] => jsonValue<unknown[][]>(value).map(rowOf),
  };
};
