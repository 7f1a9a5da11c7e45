import type { Db } from '../../infra/db/database.js';
import { isPostgres } from '../../infra/db/lock-for-update.js';
import { numberEntries, readBlockNumber, readUnnumberedEntries } from '../../infra/db/tables/ledger-table.js';
import type { AppContext } from '../context.js';
import type { LedgerEntry } from './append-ledger-entry.js';
import { appendToLog } from './ledger-log.js';

/** Entries numbered by one transaction at most; a longer backlog (after a crash) takes several. */
const MAX_PER_TRANSACTION = 500;

/** Numbers committed entries without a block number, oldest first; true when more may be left. */
const numberOnce = (ctx: AppContext): Promise<boolean> =>
  ctx.db.transaction().execute(async (trx) => {
    // The entries are read once the state row is locked: two numbering transactions (two processes)
    // never number the same entry, and each sees what the other committed.
    const numbered = await appendToLog(
      trx,
      () => readUnnumberedEntries(trx, MAX_PER_TRANSACTION),
      (entries) =>
        numberEntries(
          trx,
          entries.map(({ leaf, blockNumber }) => ({ id: leaf.id, blockNumber })),
        ),
    );
    return numbered === MAX_PER_TRANSACTION;
  });

/**
 * One numbering run at a time per database handle. A caller needs a run that starts after its own
 * commit: callers that arrive while a run is under way share the next one, so one short transaction
 * numbers the entries of every transaction that committed meanwhile.
 */
class NumberingRuns {
  #running: Promise<void> | undefined;
  #next: Promise<void> | undefined;

  constructor(private readonly ctx: AppContext) {}

  request(): Promise<void> {
    if (!this.#running) return this.#start();
    this.#next ??= this.#running.then(() => {
      this.#next = undefined;
      return this.#start();
    });
    return this.#next;
  }

  #start(): Promise<void> {
    const run = this.#run().finally(() => {
      if (this.#running === run) this.#running = undefined;
    });
    this.#running = run;
    return run;
  }

  /** Never rejects: an entry left without a number gets one from the next run, whoever starts it. */
  async #run(): Promise<void> {
    try {
      while (await numberOnce(this.ctx));
    } catch (error) {
      this.ctx.logger.warn({ err: error }, 'Numbering ledger entries failed; the next append or head request retries');
    }
  }
}

const runsByDatabase = new WeakMap<Db, NumberingRuns>();

/**
 * Gives block numbers to the entries committed so far without one, before the caller answers: on
 * PostgreSQL, every use case that appended to the ledger calls this after its commit. A no-op on
 * SQLite, where entries are numbered inside their own transaction.
 */
export const numberLedgerEntries = (ctx: AppContext): Promise<void> => {
  if (!isPostgres(ctx.db)) return Promise.resolve();
  let runs = runsByDatabase.get(ctx.db);
  if (!runs) runsByDatabase.set(ctx.db, (runs = new NumberingRuns(ctx)));
  return runs.request();
};

/** A committed entry's block number (see ledgerTransaction), numbering it now if the run after its commit failed. */
export const blockNumberOf = async (ctx: AppContext, entry: Pick<LedgerEntry, 'envelope_id' | 'sequence'>): Promise<number> => {
  const blockNumber = await readBlockNumber(ctx.db, entry.envelope_id, entry.sequence);
  if (blockNumber !== null) return blockNumber;
  await numberLedgerEntries(ctx);
  const numbered = await readBlockNumber(ctx.db, entry.envelope_id, entry.sequence);
  if (numbered === null) throw new Error(`The ledger entry ${entry.envelope_id}#${entry.sequence} has no block number yet.`);
  return numbered;
};
