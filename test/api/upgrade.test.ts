import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { openDatabase } from '../../src/infra/db/database.js';
import { migrationsFor } from '../../src/infra/db/migrations/index.js';
import type { ChildServer } from '../support/child-server.js';
import { startChildServer } from '../support/child-server.js';
import { runCli } from '../support/cli-runner.js';
import { refusedStart } from '../support/refused-start.js';
import { createPostgresDatabase, testDatabases, type TestDatabase } from '../support/databases.js';
import { buildEarlierRelease, type EarlierRelease } from '../support/earlier-release.js';
import { envelopeRequest } from '../support/envelopes.js';
import { consistencyHolds, verifyAuditLogs, verifyOnline, verifySealedFile } from '../support/independent-verifier.js';
import { makePdf } from '../support/pdf-fixtures.js';
import { linksIn, recipientOf, startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { secretsThatVerify, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { drawnSignature } from './signing/signing-helpers.js';
import { templateRequest } from './templates/template-requests.js';

/**
 * The release installations upgrade from: 4d766d0, the last commit before the work that brought this
 * test (its issue's branch point), so the data it writes is data that exists in the field. Move it
 * forward only to a commit that was itself released.
 */
const EARLIER_RELEASE = '4d766d0';
const WAIT_MS = 60_000;

interface Answer {
  status: number;
  body: any;
  bytes: Uint8Array;
}

/** One HTTP request to a child server; a JSON body is parsed, the raw bytes are kept too. */
const call = async (
  server: ChildServer,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; form?: FormData; pdf?: Uint8Array; headers?: Record<string, string> } = {},
): Promise<Answer> => {
  const headers: Record<string, string> = { app_auth_type: 'esign-oauth2', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.pdf) headers['content-type'] = 'application/pdf';
  const body =
    options.form ??
    (options.pdf ? Buffer.from(options.pdf) : undefined) ??
    (options.body !== undefined ? JSON.stringify(options.body) : undefined);
  const response = await fetch(`${server.url}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const json = response.headers.get('content-type')?.includes('json') && bytes.length > 0;
  return { status: response.status, body: json ? JSON.parse(Buffer.from(bytes).toString()) : undefined, bytes };
};

const ok = async (answer: Promise<Answer>, status = 200): Promise<Answer> => {
  const settled = await answer;
  assert.equal(settled.status, status, JSON.stringify(settled.body));
  return settled;
};

/**
 * Everything the earlier release answered is answered the same now: every property it had, with an
 * equal value, at every depth. Properties this release adds are not compared.
 */
const assertKept = (before: unknown, now: unknown, where: string): void => {
  if (Array.isArray(before)) {
    assert.ok(Array.isArray(now), `${where}: no longer a list`);
    assert.equal(now.length, before.length, `${where}: ${before.length} items then, ${now.length} now`);
    before.forEach((item, index) => assertKept(item, now[index], `${where}[${index}]`));
  } else if (before !== null && typeof before === 'object') {
    assert.ok(now !== null && typeof now === 'object', `${where}: no longer an object`);
    for (const [key, value] of Object.entries(before)) {
      assert.ok(key in now, `${where}.${key}: gone`);
      assertKept(value, (now as Record<string, unknown>)[key], `${where}.${key}`);
    }
  } else {
    assert.equal(now, before, where);
  }
};

const appliedMigrations = async (database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string }): Promise<string[]> => {
  const handle = openDatabase(database);
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db);
    return rows.map((row) => row.name);
  } finally {
    await handle.close();
  }
};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let release: EarlierRelease;
before(async () => {
  release = await buildEarlierRelease(EARLIER_RELEASE);
});
after(() => release?.remove());

for (const database of testDatabases) upgradeSuite(database);

function upgradeSuite(database: TestDatabase) {
  describe(`upgrading from the earlier release ${EARLIER_RELEASE} on ${database}`, () => {
    let sink: SmtpSink;
    let receiver: WebhookReceiver;
    let dataDir: string;
    let dropDatabase: (() => Promise<void>) | undefined;
    let env: Record<string, string>;
    let server: ChildServer | undefined;
    let token: string;
    let credentials: string;
    const hookPath = `/upgrade-${database}`;

    /** What the earlier release answered, by request, read after all its activity. */
    const earlier = new Map<string, any>();
    const ids = {
      completed: '',
      pending: '',
      declined: '',
      cancelled: '',
      template: '',
      webhook: '',
      file: '',
      attachment: '',
      duringUpgrade: '',
    };
    let webhookSecret = '';
    let completedDocumentId = '';
    let pendingDocumentId = '';
    let uploadedBytes: Uint8Array;
    let attachmentBytes: Uint8Array;
    let earlierHead: { tree_size: number; root_hash: string; public_key: string };
    let earlierMigrations: string[] = [];
    let earlierServer: ChildServer | undefined;
    let duringUpgradeBytes: Uint8Array;

    const databaseConfig = () =>
      env.DATABASE_URL
        ? { kind: 'postgres' as const, url: env.DATABASE_URL }
        : { kind: 'sqlite' as const, file: join(dataDir, 'countersign.db') };

    /** The reads compared across the upgrade, on whichever release runs now. */
    const reads = (): [string, string, unknown?][] => [
      ['GET', '/api/v2.0/account'],
      ['POST', '/api/v2.0/envelopes/list', { page_size: 100 }],
      ...[ids.completed, ids.pending, ids.declined, ids.cancelled].flatMap((id): [string, string][] => [
        ['GET', `/api/v2.0/envelopes/${id}/details`],
        ['GET', `/api/v2.0/envelopes/${id}/history`],
        ['GET', `/api/v2.0/envelopes/${id}/audit_logs`],
        ['GET', `/api/v2.0/envelopes/${id}/retrieve_metadata`],
      ]),
      ['GET', `/api/v2.0/envelopes/${ids.pending}/list_supporting_document`],
      ['GET', `/api/v2.0/templates/${ids.template}`],
      ['GET', '/api/v2.0/templates/list?page=1'],
      ['GET', '/api/v2.0/webhooks'],
      ['GET', '/api/v2.0/ledger/trust'],
    ];
    const read = async ([method, path, body]: [string, string, unknown?]) =>
      (await ok(call(server!, method, path, { token, ...(body ? { body } : {}) }))).body;

    /** The signing token of the invitation `email` received. */
    const invitationToken = async (email: string): Promise<string> => {
      const mail = await sink.waitFor((m) => recipientOf(m).includes(email) && linksIn(m).some((l) => l.includes('/sign/')), WAIT_MS);
      return linksIn(mail)
        .find((link) => link.includes('/sign/'))!
        .split('/sign/')[1]!;
    };
    const sign = (signingToken: string) =>
      ok(call(server!, 'POST', `/api/v2.0/signing/${signingToken}/sign`, { body: { consent: true, signature: drawnSignature() } }));
    const waitForStatus = async (id: string, status: string) => {
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const details = await ok(call(server!, 'GET', `/api/v2.0/envelopes/${id}/details`, { token }));
        if (details.body.data.status === status) return details.body.data;
        if (Date.now() > deadline) throw new Error(`${id} is ${details.body.data.status}, not ${status}, after ${WAIT_MS} ms`);
        await sleep(100);
      }
    };
    const createEnvelope = async (name: string, signers: string[]) => {
      const body = await envelopeRequest({
        envelope: { name },
        signers: signers.map((email, n) => ({
          name: `Signer ${n + 1}`,
          email,
          fields: [{ type: 'signature', page: n + 1, x: 72, y: 600, width: 160, height: 40 }],
        })),
      });
      const created = await ok(call(server!, 'POST', '/api/v2.0/envelopes/create', { token, body }), 201);
      return created.body.data as { envelope_id: string; documents: { document_id: string }[] };
    };
    /** The envelope.completed delivery about the envelope, once it arrived. */
    const deliveryFor = async (id: string) => {
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const delivery = receiver.received(hookPath).find((d) => d.body.data.envelope_id === id);
        if (delivery) return delivery;
        if (Date.now() > deadline) throw new Error(`no webhook delivery about ${id} after ${WAIT_MS} ms`);
        await sleep(100);
      }
    };
    const upload = async (to: ChildServer, bytes: Uint8Array): Promise<string> => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'upload.pdf');
      return (await ok(call(to, 'POST', '/api/v2.0/envelopes/upload_file', { token, form }), 201)).body.data.files[0].file_id;
    };
    const pdfDownload = (id: string, documentId: string) =>
      ok(call(server!, 'GET', `/api/v2.0/envelopes/${id}/${documentId}/download`, { token, headers: { accept: 'application/pdf' } }));

    before(async () => {
      [sink, receiver] = await Promise.all([startSmtpSink(), startWebhookReceiver()]);
      dataDir = mkdtempSync(join(tmpdir(), 'countersign-upgrade-'));
      env = {
        DATA_DIR: dataDir,
        SMTP_URL: sink.url,
        WEBHOOK_ALLOW_PRIVATE: 'true',
        RATE_LIMIT_PER_MINUTE: '100000',
        RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '100000',
        PDF_WORKERS: '1',
        LOG_LEVEL: 'warn',
      };
      if (database === 'postgres') {
        const postgres = await createPostgresDatabase();
        env.DATABASE_URL = postgres.url;
        dropDatabase = postgres.drop;
      }
    });

    after(async () => {
      await Promise.all([server?.stop('SIGTERM'), earlierServer?.stop('SIGTERM')]);
      await Promise.all([sink?.close(), receiver?.close(), dropDatabase?.()]);
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('fills the earlier release through its API: an account by its CLI, envelopes completed, pending, declined and cancelled, a template, a webhook, an upload, an attachment', async () => {
      const account = await release.cli(env, ['account', 'create', '--name', 'Upgraders', '--email', 'owner@upgrade.test', '--json']);
      assert.equal(account.code, 0, account.stderr);
      credentials = JSON.parse(account.stdout).credentials;
      server = await release.start(env);
      const login = await ok(call(server, 'POST', '/api/v2.0/authorization/token', { body: { credentials } }));
      token = login.body.data.access_token;

      const webhook = await ok(
        call(server, 'POST', '/api/v2.0/webhooks', { token, body: { url: `${receiver.url}${hookPath}`, events: ['envelope.completed'] } }),
        201,
      );
      ids.webhook = webhook.body.data.webhook_id;
      webhookSecret = webhook.body.data.secret;
      ids.template = (
        await ok(call(server, 'POST', '/api/v2.0/templates/create', { token, body: await templateRequest() }), 201)
      ).body.data.template_id;
      uploadedBytes = await makePdf({ pages: 1, text: 'Uploaded before the upgrade' });
      ids.file = await upload(server, uploadedBytes);

      const completed = await createEnvelope('Completed before the upgrade', ['ada@upgrade.test', 'grace@upgrade.test']);
      ids.completed = completed.envelope_id;
      completedDocumentId = completed.documents[0]!.document_id;
      const pending = await createEnvelope('Pending across the upgrade', ['alan@upgrade.test', 'edsger@upgrade.test']);
      ids.pending = pending.envelope_id;
      pendingDocumentId = pending.documents[0]!.document_id;
      ids.declined = (await createEnvelope('Declined before the upgrade', ['barbara@upgrade.test'])).envelope_id;
      ids.cancelled = (await createEnvelope('Cancelled before the upgrade', ['donald@upgrade.test'])).envelope_id;

      for (const email of ['ada@upgrade.test', 'grace@upgrade.test', 'alan@upgrade.test']) await sign(await invitationToken(email));
      await ok(
        call(server, 'POST', `/api/v2.0/signing/${await invitationToken('barbara@upgrade.test')}/decline`, {
          body: { reason: 'Wrong amount' },
        }),
      );
      await ok(call(server, 'POST', `/api/v2.0/envelopes/${ids.cancelled}/cancel`, { token, body: { cancel_reason: 'Sent by mistake' } }));
      await ok(
        call(server, 'POST', `/api/v2.0/envelopes/${ids.pending}/update_envelope_metadata`, {
          token,
          body: { tags: ['upgrade'], metadata: { crm_id: '42' } },
        }),
      );
      attachmentBytes = await makePdf({ pages: 1, text: 'Supporting document' });
      const attached = await ok(
        call(server, 'POST', `/api/v2.0/envelopes/${ids.pending}/upload_supporting_document`, {
          token,
          body: { documents: [{ name: 'annex.pdf', content_base64: Buffer.from(attachmentBytes).toString('base64') }] },
        }),
        201,
      );
      ids.attachment = attached.body.data.supporting_documents[0].supporting_document_id;
      await waitForStatus(ids.completed, 'Completed');
      await waitForStatus(ids.pending, 'InProgress');
      await waitForStatus(ids.declined, 'Declined');
      await deliveryFor(ids.completed);

      // Downloads first: they are activity too, and the reads below must see all of it.
      earlier.set('sealed', (await pdfDownload(ids.completed, completedDocumentId)).bytes);
      earlier.set('certificate', (await pdfDownload(ids.completed, 'certificate')).bytes);
      for (const request of reads()) earlier.set(request.join(' '), await read(request));
      earlier.set('record', (await ok(call(server, 'GET', `/verify/${ids.completed}`, { headers: { accept: 'application/json' } }))).body);
      earlierHead = (await ok(call(server, 'GET', '/api/v2.0/ledger/head'))).body.data;
      assert.equal(earlier.get(`GET /api/v2.0/envelopes/${ids.completed}/details`).data.status, 'Completed');
      earlierMigrations = await appliedMigrations(databaseConfig());
      // On PostgreSQL it keeps running while this release starts, as in a rolling upgrade (below).
      if (database === 'postgres') earlierServer = server;
      else await server.stop('SIGTERM');
      server = undefined;
    });

    it('starts this release on the same data: the migrations it adds are applied, the earlier ones kept, and it is ready', async () => {
      server = await startChildServer(env);
      const now = await appliedMigrations(databaseConfig());
      assert.deepEqual(now, Object.keys(migrationsFor(database)).sort());
      assert.deepEqual(now.slice(0, earlierMigrations.length), earlierMigrations, 'the earlier release’s migrations come first, unchanged');
      assert.equal((await call(server, 'GET', '/readyz')).status, 200);
    });

    if (database === 'postgres') {
      it('lets an earlier process that was running keep serving beside this release after the migrations (a rolling upgrade): ready, reading and writing', async () => {
        const running = earlierServer!;
        assert.equal((await call(running, 'GET', '/readyz')).status, 200);
        await ok(call(running, 'GET', `/api/v2.0/envelopes/${ids.completed}/details`, { token }));
        duringUpgradeBytes = await makePdf({ pages: 1, text: 'Uploaded to an earlier process during the upgrade' });
        ids.duringUpgrade = await upload(running, duringUpgradeBytes);
        await running.stop('SIGTERM');
        earlierServer = undefined;
        const uploaded = await ok(call(server!, 'GET', `/api/v2.0/envelopes/upload_file/${ids.duringUpgrade}`, { token }));
        assert.deepEqual(uploaded.bytes, duringUpgradeBytes);
      });
    }

    it('answers every read as the earlier release did: account, list, each envelope’s details, history, audit logs and metadata, the template, the webhook, the trust anchors', async () => {
      for (const request of reads()) assertKept(earlier.get(request.join(' ')), await read(request), request.join(' '));
      const record = await ok(call(server!, 'GET', `/verify/${ids.completed}`, { headers: { accept: 'application/json' } }));
      assertKept(earlier.get('record'), record.body, `GET /verify/${ids.completed}`);
    });

    it('still accepts the API credentials and the access token the earlier release issued', async () => {
      await ok(call(server!, 'GET', '/api/v2.0/account', { token }));
      const login = await ok(call(server!, 'POST', '/api/v2.0/authorization/token', { body: { credentials } }));
      token = login.body.data.access_token;
      await ok(call(server!, 'GET', '/api/v2.0/account', { token }));
    });

    it('downloads the sealed PDF and the certificate byte for byte as before; the seal verifies (independently, countersign verify --online, POST /verify/{id}/check)', async () => {
      const sealed = (await pdfDownload(ids.completed, completedDocumentId)).bytes;
      assert.deepEqual(sealed, earlier.get('sealed'));
      assert.deepEqual((await pdfDownload(ids.completed, 'certificate')).bytes, earlier.get('certificate'));
      assert.equal(sha256(sealed), earlier.get('record').data.documents[0].sha256_sealed);

      const trust = (await ok(call(server!, 'GET', '/api/v2.0/ledger/trust'))).body.data;
      const verification = verifySealedFile(sealed, trust);
      assert.ok(verification.valid, JSON.stringify(verification.steps));
      const online = await verifyOnline(verification.record!, server!.url, trust.ledger_public_key);
      assert.ok(
        online.every((step) => step.ok),
        JSON.stringify(online),
      );

      const file = join(dataDir, 'sealed.pdf');
      writeFileSync(file, sealed);
      const cli = await runCli({}, ['verify', file, '--online', server!.url, '--json']);
      assert.equal(cli.code, 0, cli.stdout + cli.stderr);

      const check = await ok(call(server!, 'POST', `/verify/${ids.completed}/check`, { pdf: sealed }));
      assert.equal(check.body.data.match, true);
      assert.equal(check.body.data.seal.valid, true);
    });

    it('keeps the upload and the supporting document: the file the earlier release took makes an envelope now, the attachment downloads as it was', async () => {
      const upload = await ok(call(server!, 'GET', `/api/v2.0/envelopes/upload_file/${ids.file}`, { token }));
      assert.deepEqual(upload.bytes, uploadedBytes);
      const attachment = await ok(
        call(server!, 'GET', `/api/v2.0/envelopes/${ids.pending}/supportingdocuments/${ids.attachment}/download`, { token }),
      );
      assert.deepEqual(new Uint8Array(Buffer.from(attachment.body.data.content_base64, 'base64')), attachmentBytes);
      const fromUpload = await ok(
        call(server!, 'POST', '/api/v2.0/envelopes/create_with_files', {
          token,
          body: {
            envelope: { name: 'Made from an earlier upload' },
            file_ids: [ids.file],
            recipients: {
              signers: [
                {
                  name: 'Kathleen',
                  email: 'kathleen@upgrade.test',
                  fields: [{ type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 }],
                },
              ],
            },
          },
        }),
        201,
      );
      assert.equal(fromUpload.body.data.documents[0].pages, 1);
    });

    it('signs the pending envelope to completion with the link the earlier release mailed: sealed, verifiable, and the webhook signed with the secret the earlier release issued', async () => {
      await sign(await invitationToken('edsger@upgrade.test'));
      await waitForStatus(ids.pending, 'Completed');
      const sealed = (await pdfDownload(ids.pending, pendingDocumentId)).bytes;
      const trust = (await ok(call(server!, 'GET', '/api/v2.0/ledger/trust'))).body.data;
      const verification = verifySealedFile(sealed, trust);
      assert.ok(verification.valid, JSON.stringify(verification.steps));
      assert.equal(verification.record?.envelope_id, ids.pending);

      const delivery = await deliveryFor(ids.pending);
      assert.equal(delivery.body.type, 'envelope.completed');
      assert.deepEqual(secretsThatVerify(delivery, [webhookSecret]), [webhookSecret]);
    });

    it('verifies the ledger: every envelope’s chain recomputes under the same key, and today’s tree head extends the earlier release’s', async () => {
      const head = (await ok(call(server!, 'GET', '/api/v2.0/ledger/head'))).body.data;
      assert.equal(head.public_key, earlierHead.public_key, 'the same ledger key');
      for (const id of [ids.completed, ids.pending, ids.declined, ids.cancelled]) {
        const logs = (await ok(call(server!, 'GET', `/api/v2.0/envelopes/${id}/audit_logs`, { token }))).body.data;
        assert.equal(logs.verified, true, id);
        const steps = verifyAuditLogs(logs, head.public_key);
        assert.ok(
          steps.every((step) => step.ok),
          `${id}: ${JSON.stringify(steps)}`,
        );
        const entriesBefore = earlier.get(`GET /api/v2.0/envelopes/${id}/audit_logs`).data.entries as unknown[];
        assertKept(entriesBefore, logs.entries.slice(0, entriesBefore.length), `${id}: the earlier entries, unchanged`);
      }
      assert.ok(head.tree_size > earlierHead.tree_size, `${head.tree_size} entries now, ${earlierHead.tree_size} before`);
      const consistency = (
        await ok(call(server!, 'GET', `/api/v2.0/ledger/consistency?from=${earlierHead.tree_size}&to=${head.tree_size}`))
      ).body.data;
      const unhex = (hex: string) => new Uint8Array(Buffer.from(hex, 'hex'));
      assert.ok(
        consistencyHolds(
          earlierHead.tree_size,
          head.tree_size,
          consistency.proof.map(unhex),
          unhex(earlierHead.root_hash),
          unhex(head.root_hash),
        ),
      );
    });

    it('leaves the earlier release unable to start on the database once this release added migrations to it', async (t) => {
      await server!.stop('SIGTERM');
      server = undefined;
      if (earlierMigrations.length === Object.keys(migrationsFor(database)).length) {
        return t.skip(`this release adds no migration to ${EARLIER_RELEASE}'s`);
      }
      await assert.rejects(release.start(env), /corrupted migrations: previously executed migration \S+ is missing/);
    });

    it('refuses to start this release, in one line and changing nothing, on a database that a newer version migrated', async () => {
      const newer = '9999-from-a-newer-version';
      const handle = openDatabase(databaseConfig());
      await sql`insert into kysely_migration (name, timestamp) values (${newer}, ${new Date().toISOString()})`.execute(handle.db);
      await handle.close();
      const recorded = await appliedMigrations(databaseConfig());
      const refused = await refusedStart(env);
      assert.equal(refused.code, 1, refused.stdout + refused.stderr);
      const where = env.DATABASE_URL ? 'DATABASE_URL names' : `${join(dataDir, 'countersign.db')} is`;
      assert.equal(
        refused.stderr.trim(),
        `Configuration error: ${where} a database that a newer version of Countersign migrated (${newer}): ` +
          'start that version or a later one, or restore the backup taken before the upgrade',
      );
      assert.deepEqual(await appliedMigrations(databaseConfig()), recorded);
    });
  });
}
