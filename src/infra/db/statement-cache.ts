import type BetterSqlite3 from 'better-sqlite3';
import type { QueryResult } from 'kysely';

/**
 * Prepared statements of one connection, by SQL text: preparing costs more than running the small
 * statements this service issues. Bounded, because `in (?, ?, …)` lists make SQL texts of every
 * length; the oldest entry goes first.
 */
export class StatementCache {
  readonly #statements = new Map<string, BetterSqlite3.Statement>();

  constructor(
    private readonly connection: BetterSqlite3.Database,
    private readonly capacity = 500,
  ) {}

  get(sql: string): BetterSqlite3.Statement {
    const cached = this.#statements.get(sql);
    if (cached) return cached;
    const statement = this.connection.prepare(sql);
    if (this.#statements.size >= this.capacity) this.#statements.delete(this.#statements.keys().next().value!);
    this.#statements.set(sql, statement);
    return statement;
  }

  /** A statement of its own, for an iteration that keeps it busy while other queries run. */
  prepareUncached(sql: string): BetterSqlite3.Statement {
    return this.connection.prepare(sql);
  }
}

/** Runs a prepared statement the way Kysely's own SQLite driver does. */
export const runStatement = <R>(statement: BetterSqlite3.Statement, parameters: readonly unknown[]): QueryResult<R> => {
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
};
