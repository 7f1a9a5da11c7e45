import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.js';
import { isPostgres } from './lock-for-update.js';
import { asNamedStatement } from './named-statement.js';

const SLOT = Symbol('prepared-query-parameter');
interface Slot {
  [SLOT]: number;
}

const isSlot = (value: unknown): value is Slot => typeof value === 'object' && value !== null && SLOT in value;

/**
 * A query built and compiled once per dialect, then run with fresh parameter values: building and
 * compiling a Kysely query costs more than the database takes to answer a read by primary key, and
 * the hot read paths pay it once. `build` is called with placeholders in place of its parameters, so
 * it must pass them to Kysely as values and never branch on them. On PostgreSQL the text is also a named
 * statement (named-statement.ts), which each connection parses and plans once instead of on every run.
 */
export const preparedQuery = <Params extends unknown[], Row>(build: (db: Db, ...params: Params) => Compilable<Row>) => {
  const compiled = new Map<boolean, CompiledQuery<Row>>();
  const placeholders = Array.from({ length: build.length - 1 }, (_, index): Slot => ({ [SLOT]: index })) as unknown as Params;
  return async (db: Db, ...params: Params): Promise<Row[]> => {
    const postgres = isPostgres(db);
    let query = compiled.get(postgres);
    if (!query) {
      const built = build(db, ...placeholders).compile();
      query = postgres ? { ...built, sql: asNamedStatement(built.sql) } : built;
      compiled.set(postgres, query);
    }
    const parameters = query.parameters.map((value) => (isSlot(value) ? params[value[SLOT]] : value));
    const { rows } = await db.executeQuery<Row>({ ...query, parameters });
    return rows;
  };
};
