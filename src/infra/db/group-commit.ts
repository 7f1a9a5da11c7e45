import { setImmediate } from 'node:timers';
import type BetterSqlite3 from 'better-sqlite3';
import type { QueryResult } from 'kysely';
import { FifoLock } from './fifo-lock.js';
import { runStatement, StatementCache } from './statement-cache.js';

/** The savepoint that makes one logical transaction of a batch; named so no caller's savepoint can clash with it. */
const LOGICAL = 'countersign_logical_transaction';

interface Waiting {
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Group commit on SQLite's one writing connection. With `synchronous=FULL` every COMMIT waits for
 * an fsync; here concurrent transactions share one. The first transaction of a batch opens the
 * real `BEGIN IMMEDIATE`; each logical transaction is a SAVEPOINT, released on success and rolled
 * back to on failure, so a failing transaction undoes only itself. The real COMMIT runs once no
 * transaction holds or awaits the connection (at the next turn of the event loop), or at once when
 * the batch holds `maxTransactions`. Each logical commit, and each write made outside a
 * transaction, resolves only after that COMMIT returned: nothing is answered before it is on
 * disk, and a failed COMMIT fails every transaction of its batch.
 *
 * Known bounds: constraints deferred to COMMIT (none in this schema) would fail the whole batch;
 * the SQLite write lock is held from the batch's first transaction to its COMMIT, so another
 * process (the CLI) waits up to `busy_timeout` for it, as it waited for any write before; a
 * transaction opened inside another one's callback waits for it forever, as with Kysely's own
 * SQLite driver.
 */
export class GroupCommit {
  readonly #lock = new FifoLock();
  readonly #statements: StatementCache;
  /** The logical transactions of the open batch that await its COMMIT; undefined when none is open. */
  #batch: Waiting[] | undefined;
  #commitScheduled = false;

  constructor(
    private readonly writer: BetterSqlite3.Database,
    private readonly maxTransactions: number,
  ) {
    this.#statements = new StatementCache(writer);
  }

  /** Takes the connection for one logical transaction (or one write); the caller ends with commit/rollback or release. */
  acquire(): Promise<void> {
    return this.#lock.acquire();
  }

  /** Starts a logical transaction on the acquired connection. */
  begin(): void {
    this.#open();
    this.writer.exec(`SAVEPOINT ${LOGICAL}`);
  }

  /** A statement of the logical transaction in progress. */
  execute<R>(sql: string, parameters: readonly unknown[]): QueryResult<R> {
    return runStatement<R>(this.#statements.get(sql), parameters);
  }

  /** Streams a select of the logical transaction in progress. */
  *stream<R>(sql: string, parameters: readonly unknown[]): Generator<R> {
    yield* this.#statements.prepareUncached(sql).iterate(parameters) as Iterable<R>;
  }

  /**
   * Ends the logical transaction in progress and hands the connection on; resolves once the batch's
   * COMMIT is on disk. When the RELEASE itself fails the transaction is still open and the caller
   * rolls it back.
   */
  commit(): Promise<void> {
    this.writer.exec(`RELEASE ${LOGICAL}`);
    const durable = this.#awaitCommit();
    this.release();
    return durable;
  }

  /** Undoes the logical transaction in progress and hands the connection on. */
  rollback(): void {
    try {
      this.writer.exec(`ROLLBACK TO ${LOGICAL}`);
      this.writer.exec(`RELEASE ${LOGICAL}`);
    } catch {
      // Only possible when SQLite already rolled the whole transaction back, which is handled below.
    }
    this.#failIfRolledBack(new Error('A failed transaction rolled back the whole group commit batch.'));
    this.release();
  }

  /**
   * A write outside any transaction: it joins the batch (SQLite undoes a failed statement alone)
   * and its result is answered once the batch is on disk.
   */
  async write<R>(sql: string, parameters: readonly unknown[]): Promise<QueryResult<R>> {
    await this.acquire();
    let result: QueryResult<R>;
    try {
      this.#open();
      result = this.execute<R>(sql, parameters);
    } catch (error) {
      this.#failIfRolledBack(error);
      this.release();
      throw error;
    }
    const durable = this.#awaitCommit();
    this.release();
    await durable;
    return result;
  }

  /** Hands the connection on, committing first when the batch is full, and otherwise once nobody waits for it. */
  release(): void {
    if (this.#batch && this.#batch.length >= this.maxTransactions) this.#commit();
    this.#lock.release();
    this.#scheduleCommit();
  }

  /** Commits what is open, then closes the connection. */
  async close(): Promise<void> {
    await this.#lock.acquire();
    if (this.#batch) this.#commit();
    this.writer.close();
  }

  #open(): void {
    if (this.#batch) return;
    // IMMEDIATE takes the write lock now, so a batch never meets a busy database halfway through.
    this.writer.exec('BEGIN IMMEDIATE');
    this.#batch = [];
  }

  #awaitCommit(): Promise<void> {
    const batch = this.#batch!;
    return new Promise<void>((resolve, reject) => batch.push({ resolve, reject }));
  }

  #scheduleCommit(): void {
    if (this.#commitScheduled || !this.#batch) return;
    this.#commitScheduled = true;
    // After the current turn's I/O callbacks, so that requests already read can join the batch.
    setImmediate(() => {
      this.#commitScheduled = false;
      if (!this.#batch || !this.#lock.tryAcquire()) return;
      this.#commit();
      this.#lock.release();
    });
  }

  #commit(): void {
    const waiting = this.#batch ?? [];
    this.#batch = undefined;
    try {
      this.writer.exec('COMMIT');
    } catch (error) {
      if (this.writer.inTransaction) this.writer.exec('ROLLBACK');
      for (const transaction of waiting) transaction.reject(error);
      return;
    }
    for (const transaction of waiting) transaction.resolve();
  }

  /** After an error SQLite may have rolled back the real transaction: then every logical transaction of the batch is lost. */
  #failIfRolledBack(cause: unknown): void {
    if (!this.#batch || this.writer.inTransaction) return;
    const lost = this.#batch;
    this.#batch = undefined;
    const error = new Error('SQLite rolled back the group commit batch.', { cause });
    for (const transaction of lost) transaction.reject(error);
  }
}
