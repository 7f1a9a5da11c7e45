import type BetterSqlite3 from 'better-sqlite3';
import {
  createQueryId,
  IdentifierNode,
  RawNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import { translateStorageFull } from '../storage-full.js';
import { GroupCommit } from './group-commit.js';
import { runStatement, StatementCache } from './statement-cache.js';

export interface GroupCommitConnections {
  /** The one connection that writes; every transaction runs on it, in group commit batches. */
  writer: BetterSqlite3.Database;
  /** A second connection for reads outside transactions: it sees only committed, hence durable, data. */
  reader: BetterSqlite3.Database;
  /** The most transactions one batch holds before it commits regardless. */
  maxTransactions: number;
}

/**
 * What Kysely calls a connection: one per `acquireConnection`, that is one per transaction or
 * per statement outside a transaction. A transaction takes the writer in `beginTransaction`; a
 * statement outside one reads from the reader without waiting, or, if it writes, joins a batch.
 */
class Lease implements DatabaseConnection {
  #holdsWriter = false;
  #inTransaction = false;

  constructor(
    private readonly group: GroupCommit,
    private readonly reads: StatementCache,
  ) {}

  async executeQuery<R>({ sql, parameters }: CompiledQuery): Promise<QueryResult<R>> {
    try {
      if (this.#inTransaction) return this.group.execute<R>(sql, parameters);
      const statement = this.reads.get(sql);
      // `reader` excludes BEGIN, SAVEPOINT and the like, which SQLite also calls read-only.
      if (statement.reader && statement.readonly) return runStatement<R>(statement, parameters);
      return await this.group.write<R>(sql, parameters);
    } catch (error) {
      return translateStorageFull(error);
    }
  }

  async *streamQuery<R>({ sql, parameters }: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const rows = this.#inTransaction ? this.group.stream<R>(sql, parameters) : this.reads.prepareUncached(sql).iterate(parameters);
    for (const row of rows) yield { rows: [row as R] };
  }

  async begin(): Promise<void> {
    await this.group.acquire();
    this.#holdsWriter = true;
    this.group.begin();
    this.#inTransaction = true;
  }

  async commit(): Promise<void> {
    const durable = this.group.commit();
    this.#inTransaction = false;
    this.#holdsWriter = false;
    await durable.catch(translateStorageFull);
  }

  /** A no-op once the transaction was handed to its batch: a failed batch COMMIT already undid it. */
  async rollback(): Promise<void> {
    if (!this.#inTransaction) return;
    this.#inTransaction = false;
    this.#holdsWriter = false;
    this.group.rollback();
  }

  /** Kysely releases every connection; the writer is still held only when `BEGIN` failed. */
  async release(): Promise<void> {
    if (!this.#holdsWriter) return;
    this.#holdsWriter = false;
    this.group.release();
  }
}

/** As Kysely's own drivers build it: the name goes through the compiler's identifier quoting. */
const savepointCommand = async (
  connection: DatabaseConnection,
  command: string,
  name: string,
  compile: QueryCompiler['compileQuery'],
): Promise<void> => {
  const node = RawNode.createWithChildren([RawNode.createWithSql(`${command} `), IdentifierNode.create(name)]);
  await connection.executeQuery(compile(node, createQueryId()));
};

const leaseOf = (connection: DatabaseConnection): Lease => {
  if (!(connection instanceof Lease)) throw new Error('Not a connection of the group commit driver.');
  return connection;
};

class GroupCommitDriver implements Driver {
  readonly #group: GroupCommit;
  readonly #reads: StatementCache;

  constructor(private readonly connections: GroupCommitConnections) {
    this.#group = new GroupCommit(connections.writer, connections.maxTransactions);
    this.#reads = new StatementCache(connections.reader);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Lease(this.#group, this.#reads);
  }

  beginTransaction(connection: DatabaseConnection): Promise<void> {
    return leaseOf(connection).begin();
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return leaseOf(connection).commit();
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return leaseOf(connection).rollback();
  }

  // Savepoints a caller makes inside its transaction nest within the logical transaction's own.
  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return savepointCommand(connection, 'savepoint', name, compile);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return savepointCommand(connection, 'rollback to', name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return savepointCommand(connection, 'release', name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return leaseOf(connection).release();
  }

  async destroy(): Promise<void> {
    await this.#group.close();
    this.connections.reader.close();
  }
}

/** Kysely's SQLite dialect with group commit and a separate reading connection (see GroupCommit). */
export class GroupCommitSqliteDialect implements Dialect {
  constructor(private readonly connections: GroupCommitConnections) {}

  createDriver(): Driver {
    return new GroupCommitDriver(this.connections);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
