import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Migrator } from 'kysely';
import pino from 'pino';
import type { AppContext } from '../../../src/app/context.js';
import { appendLedgerEntry } from '../../../src/app/ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../../../src/app/ledger/ledger-transaction.js';
import { systemClock } from '../../../src/domain/clock.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../../src/infra/db/database.js';
import { migrationsFor } from '../../../src/infra/db/migrations/index.js';
import { readLedgerState } from '../../../src/infra/db/tables/ledger-table.js';
import { merkleRoot } from '../../../src/infra/ledger/merkle.js';
import { appendLeaf, EMPTY_FRONTIER, frontierRoot } from '../../../src/infra/ledger/merkle-frontier.js';
import { freshDatabaseConfig, testDatabases } from '../../support/databases.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const fromHex = (text: string) => Uint8Array.from(Buffer.from(text, 'hex'));

const ENVELOPES = 7;

const contextOf = (handle: DatabaseHandle) => ({ db: handle.db, clock: systemClock, logger: pino({ level: 'silent' }) }) as AppContext;

for (const kind of testDatabases) {
  describe(`the service-wide ledger's block numbers on ${kind}`, () => {
    let database: Awaited<ReturnType<typeof freshDatabaseConfig>>;
    let handles: DatabaseHandle[];

    before(async () => {
      database = await freshDatabaseConfig(kind);
      // SQLite has one writing process; PostgreSQL serves many, here two.
      handles = Array.from({ length: kind === 'postgres' ? 2 : 1 }, () => openDatabase(database.config));
      await migrateToLatest(handles[0]!);
      // Appends lock their envelope's row, which serialises each chain: the rows must exist.
      const db = handles[0]!.db;
      const now = '2026-01-01T00:00:00.000Z';
      await db
        .insertInto('accounts')
        .values({
          id: 'acc_1',
          name: 'A',
          plan: 'enterprise',
          owner_user_id: 'usr_1',
          frame_ancestors: '[]',
          default_language: 'en',
          signer_copy_days: 30,
          created_at: now,
        })
        .execute();
      await db
        .insertInto('envelopes')
        .values(
          Array.from({ length: ENVELOPES }, (_, i) => ({
            id: `env_${i}`,
            account_id: 'acc_1',
            created_by_user_id: 'usr_1',
            name: `Envelope ${i}`,
            status: 'Sent',
            sign_process_flow: 'Parallel',
            expiration_days: 30,
            email_reminders: 0,
            append_verification_qr_code: 0,
            remove_signed_envelope: 0,
            enforce_signers_location: 0,
            send_email_to_recipients: 0,
            created_at: now,
            signing_due_date: now,
          })) as never,
        )
        .execute();
    });
    after(async () => {
      for (const handle of handles) await handle.close();
      await database.drop();
    });

    it('stay dense and 1-based, follow each chain, and fold into the frontier, under concurrent appends from every process', async () => {
      const contexts = handles.map(contextOf);
      await Promise.all(
        Array.from({ length: 60 }, (_, i) => {
          const ctx = contexts[i % contexts.length]!;
          return ledgerTransaction(ctx, (trx) =>
            appendLedgerEntry(ctx, trx, {
              envelopeId: `env_${i % ENVELOPES}`,
              activityType: 'REMINDER_SENT',
              actor: { name: 'Countersign', email: null },
              description: `append ${i}`,
            }),
          );
        }),
      );

      const db = handles[0]!.db;
      const rows = await db.selectFrom('ledger_entries').select(['block_number', 'envelope_id', 'sequence', 'entry_hash']).execute();
      const numbered = rows
        .map((row) => ({ ...row, block_number: Number(row.block_number) }))
        .sort((a, b) => a.block_number - b.block_number);
      assert.deepEqual(
        numbered.map((row) => row.block_number),
        Array.from({ length: 60 }, (_, i) => i + 1),
      );
      for (let envelope = 0; envelope < ENVELOPES; envelope += 1) {
        const chain = numbered.filter((row) => row.envelope_id === `env_${envelope}`).map((row) => row.sequence);
        assert.deepEqual(
          chain,
          chain.map((_, i) => i + 1),
          `env_${envelope}: blocks in chain order`,
        );
      }
      const state = await readLedgerState(db);
      assert.equal(state.size, 60);
      assert.equal(
        hex(frontierRoot({ size: state.size, roots: state.frontier.map(fromHex) })),
        hex(merkleRoot(numbered.map((row) => fromHex(row.entry_hash)))),
      );
    });
  });

  describe(`migration 0006 on ${kind}`, () => {
    it('keeps the block numbers of existing entries, and later entries continue after them', async () => {
      const database = await freshDatabaseConfig(kind);
      const handle = openDatabase(database.config);
      try {
        const migrator = new Migrator({ db: handle.migrationDb, provider: { getMigrations: async () => migrationsFor(kind) } });
        assert.equal((await migrator.migrateTo('0005-idempotency-leases')).error, undefined);
        const old = [1, 2, 3].map((n) => ({
          block_number: n,
          envelope_id: 'env_old',
          sequence: n,
          body: '{}',
          entry_hash: String(n).repeat(64),
          occurred_at: '2026-01-01T00:00:00.000Z',
        }));
        await handle.migrationDb
          .insertInto('ledger_entries')
          .values(old as never)
          .execute();
        const frontier = old.reduce((tree, row) => appendLeaf(tree, fromHex(row.entry_hash)), EMPTY_FRONTIER);
        await handle.migrationDb
          .updateTable('ledger_state')
          .set({ size: frontier.size, frontier: JSON.stringify(frontier.roots.map(hex)) })
          .execute();
        await migrateToLatest(handle);

        const ctx = contextOf(handle);
        await ledgerTransaction(ctx, (trx) =>
          appendLedgerEntry(ctx, trx, {
            envelopeId: 'env_new',
            activityType: 'REMINDER_SENT',
            actor: { name: 'A', email: null },
            description: 'new',
          }),
        );
        const rows = await handle.db.selectFrom('ledger_entries').select(['id', 'block_number', 'envelope_id']).orderBy('id').execute();
        assert.deepEqual(
          rows.map((row) => [Number(row.id), row.block_number === null ? null : Number(row.block_number), row.envelope_id]),
          [
            [1, 1, 'env_old'],
            [2, 2, 'env_old'],
            [3, 3, 'env_old'],
            [4, 4, 'env_new'],
          ],
        );
      } finally {
        await handle.close();
        await database.drop();
      }
    });
  });
}
