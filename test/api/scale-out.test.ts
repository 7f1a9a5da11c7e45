import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { generateKeyPairSync, randomBytes, randomInt } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import type { ParsedMail } from 'mailparser';
import { readLedger } from '../../src/app/ledger/append-ledger-entry.js';
import { loadConfig, type S3DocumentStore } from '../../src/config.js';
import { s3BlobStore } from '../../src/infra/blobs/s3-blob-store.js';
import { openDatabase, type DatabaseHandle } from '../../src/infra/db/database.js';
import { verifySealedPdf } from '@countersign/verify';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { createPostgresDatabase } from '../support/databases.js';
import { makePdf } from '../support/pdf-fixtures.js';
import { operatorP12 } from '../support/openssl.js';
import { startS3Server, type S3TestServer } from '../support/s3-server.js';
import { linksIn, startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { secretsThatVerify, startWebhookReceiver } from '../support/webhook-receiver.js';
import { drawnSignature } from './signing/signing-helpers.js';

const exec = promisify(execFile);
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ENVELOPES = 40;
/** Per client address, in Redis: the probe below exhausts it across both processes. */
const PER_ADDRESS = 20;
const WAIT_MS = 60_000;
// Addresses of this run only (X-Forwarded-For, TRUST_PROXY=127.0.0.1): Redis outlives the processes, and other runs share it.
const RUN = randomInt(0x10000).toString(16);
const address = (n: number) => `2001:db8:${RUN}:${n.toString(16)}::1`;
const LOGIN_ADDRESS = address(0xffff);
const PROBE_ADDRESS = address(0xfffe);

const PREFIX = 'scale-out';

const s3StoreOf = (env: Record<string, string>): S3DocumentStore => {
  const store = loadConfig(env).documentStore;
  assert.equal(store.kind, 's3');
  return store;
};

/** One HTTP request to one of the processes; a JSON body is parsed, the raw bytes are kept too. */
const call = async (
  server: ChildServer,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; bytes: Uint8Array }> => {
  const headers: Record<string, string> = { app_auth_type: 'esign-oauth2', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const json = response.headers.get('content-type')?.includes('json') && bytes.length > 0;
  return { status: response.status, body: json ? JSON.parse(Buffer.from(bytes).toString()) : undefined, bytes };
};

const recipientOf = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((to) => to?.value.map((v) => v.address))[0];
const kindOf = (mail: ParsedMail) =>
  /to sign$/.test(mail.subject ?? '')
    ? 'invitation'
    : /^For your information/.test(mail.subject ?? '')
      ? 'observer copy'
      : /^Completed/.test(mail.subject ?? '')
        ? 'completion'
        : `other: ${mail.subject}`;
const envelopeOf = (mail: ParsedMail) => /"(Scale-out \d+)"/.exec(mail.subject ?? '')?.[1];

/** Polls until `holds` answers true; fails after WAIT_MS, naming what did not happen. */
const eventually = async (what: string, holds: () => Promise<boolean>): Promise<void> => {
  const deadline = Date.now() + WAIT_MS;
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(`not within ${WAIT_MS} ms: ${what}`);
    await sleep(100);
  }
};

describe('two server processes on one PostgreSQL, one S3 bucket and one Redis (scale-out)', () => {
  let s3: S3TestServer;
  let sink: SmtpSink;
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: DatabaseHandle;
  let workDir: string;
  let servers: ChildServer[] = [];
  let token: string;
  let ownerEmail: string;

  before(async () => {
    [s3, sink, postgres, workDir] = await Promise.all([
      startS3Server(),
      startSmtpSink(),
      createPostgresDatabase(),
      mkdtemp(join(tmpdir(), 'countersign-scale-out-')),
    ]);
    database = openDatabase({ kind: 'postgres', url: postgres.url });

    // One identity for both processes, from configuration: the sealing certificate and the ledger key.
    const sealP12 = await operatorP12(workDir, 'Scale-out', 'shared');
    const shared = {
      DATABASE_URL: postgres.url,
      ...s3.env(PREFIX),
      REDIS_URL,
      SMTP_URL: sink.url,
      SIGNING_CERT_P12: sealP12,
      SIGNING_CERT_PASSWORD: 'shared',
      LEDGER_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      WEBHOOK_SECRETS_KEY: randomBytes(32).toString('base64'),
      WEBHOOK_ALLOW_PRIVATE: 'true',
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: String(PER_ADDRESS),
      PDF_WORKERS: '1',
      LOG_LEVEL: 'warn',
    };
    // Both start at once on the empty database, and the account is created meanwhile: their migrations race too.
    ownerEmail = `owner-${RUN}@scale.test`;
    const createAccount = exec(
      'node',
      ['bin/countersign.js', 'account', 'create', '--name', 'Scale-out', '--email', ownerEmail, '--plan', 'enterprise', '--json'],
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...shared, DATA_DIR: join(workDir, 'cli') } },
    );
    servers = await Promise.all(['a', 'b'].map((name) => startChildServer({ ...shared, DATA_DIR: join(workDir, name) })));
    const { stdout } = await createAccount;
    const login = await call(servers[0]!, 'POST', '/api/v2.0/authorization/token', {
      body: { credentials: JSON.parse(stdout).credentials },
      headers: { 'x-forwarded-for': LOGIN_ADDRESS },
    });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    token = login.body.data.access_token;
  });

  after(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGTERM')));
    await database?.close();
    await Promise.all([sink?.close(), s3?.close(), postgres?.drop()]);
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('presents one identity from either process: the same ledger key', async () => {
    const heads = await Promise.all(servers.map((server) => call(server, 'GET', '/api/v2.0/ledger/head')));
    assert.deepEqual(
      heads.map((head) => head.status),
      [200, 200],
    );
    assert.equal(heads[0]!.body.data.public_key, heads[1]!.body.data.public_key);
  });

  it('creates and signs envelopes concurrently across both: each sealed once, each job run once, each mail sent once, each document the same from either', async () => {
    const originals = await Promise.all(Array.from({ length: ENVELOPES }, (_, i) => makePdf({ pages: 2, text: `Scale-out ${i} ${RUN}` })));
    const signerEmails = (i: number) => [`signer-a-${i}-${RUN}@scale.test`, `signer-b-${i}-${RUN}@scale.test`];

    // Creations: all at once, alternating processes.
    const created = await Promise.all(
      originals.map(async (pdf, i) => {
        const response = await call(servers[i % 2]!, 'POST', '/api/v2.0/envelopes/create', {
          token,
          body: {
            envelope: { name: `Scale-out ${i}`, sign_process_flow: 'Parallel' },
            documents: [{ name: `contract-${i}.pdf`, content_base64: Buffer.from(pdf).toString('base64') }],
            recipients: {
              signers: signerEmails(i).map((email, n) => ({
                name: `Signer ${n} of ${i}`,
                email,
                fields: [{ type: 'signature', page: n + 1, x: 72, y: 600, width: 160, height: 40 }],
              })),
              observers: [{ first_name: 'Olive', last_name: `Observer ${i}`, email: `observer-${i}-${RUN}@scale.test` }],
            },
          },
        });
        assert.equal(response.status, 201, JSON.stringify(response.body));
        return { id: response.body.data.envelope_id as string, documentId: response.body.data.documents[0].document_id as string };
      }),
    );

    // The original, from either process, whichever created it.
    await Promise.all(
      created.flatMap(({ id, documentId }, i) =>
        servers.map(async (server) => {
          const download = await call(server, 'GET', `/api/v2.0/envelopes/${id}/${documentId}/download?signed_only=false`, {
            token,
            headers: { accept: 'application/pdf' },
          });
          assert.equal(download.status, 200);
          assert.deepEqual(download.bytes, originals[i]);
        }),
      ),
    );

    // Signings: the tokens come from the invitation mails; each envelope's two signers sign at once, one on each process.
    const invitations = await sink.waitForCount(ENVELOPES * 3, WAIT_MS);
    const signingToken = (email: string) =>
      linksIn(invitations.find((mail) => recipientOf(mail) === email && kindOf(mail) === 'invitation')!)
        .find((link) => link.includes('/sign/'))!
        .split('/sign/')[1]!;
    await Promise.all(
      created.flatMap((_, i) =>
        signerEmails(i).map(async (email, n) => {
          const server = servers[(i + n) % 2]!;
          const sign = () =>
            call(server, 'POST', `/api/v2.0/signing/${signingToken(email)}/sign`, {
              body: { consent: true, signature: drawnSignature() },
              headers: { 'x-forwarded-for': address(2 * i + n + 1) },
            });
          // A busy machine may answer 503 SERVICE_UNAVAILABLE when no database connection frees up in time;
          // the request did nothing, and a client retries it, as the contract tells it to.
          let signed = await sign();
          for (let retry = 0; retry < 3 && signed.status === 503; retry++) {
            assert.equal(signed.body.errors[0].error_code, 'SERVICE_UNAVAILABLE');
            await new Promise((resolve) => setTimeout(resolve, 1_000));
            signed = await sign();
          }
          assert.equal(signed.status, 200, JSON.stringify(signed.body));
        }),
      ),
    );

    const ids = created.map(({ id }) => id);
    const { db } = database;
    await eventually('every envelope Completed', async () => {
      const completed = await db.selectFrom('envelopes').select('id').where('id', 'in', ids).where('status', '=', 'Completed').execute();
      return completed.length === ENVELOPES;
    });
    // Every job due by now done, or failed (its attempts show below); a job's mail is in the sink once the job is done.
    await eventually('no due job left', async () => {
      const due = await db
        .selectFrom('jobs')
        .select('id')
        .where('done_at', 'is', null)
        .where('attempts', '=', 0)
        .where('run_at', '<=', new Date().toISOString())
        .execute();
      return due.length === 0;
    });

    // Sealed exactly once: one completion entry and one certificate each, and no sealed bytes beyond those the rows name.
    for (const id of ids) {
      const completions = (await readLedger(db, id)).filter((entry) => entry.activity_type === 'ENVELOPE_COMPLETED');
      assert.equal(completions.length, 1, id);
    }
    const documents = await db
      .selectFrom('documents')
      .select(['position', 'sha256', 'sealed_sha256'])
      .where('envelope_id', 'in', ids)
      .execute();
    assert.equal(documents.filter((row) => row.position === 0).length, ENVELOPES, 'one certificate each');
    assert.ok(
      documents.every((row) => row.sealed_sha256),
      'every document sealed',
    );
    const referenced = new Set(documents.flatMap((row) => [row.sha256, row.sealed_sha256]));
    assert.equal(referenced.size, 3 * ENVELOPES, 'an original, a sealed copy and a certificate each');
    const inBucket = await s3BlobStore(s3StoreOf(s3.env(PREFIX))).listWrittenBefore(new Date(Date.now() + 60_000));
    assert.deepEqual(new Set(inBucket), referenced, 'the bucket holds those and nothing else');

    // Each job run once: one of each kind per recipient or envelope, done at the first attempt.
    const jobs = await db
      .selectFrom('jobs')
      .select(['kind', 'attempts', 'done_at'])
      .where('run_at', '<=', new Date().toISOString())
      .execute();
    const tally = (kind: string) => {
      const ofKind = jobs.filter((job) => job.kind === kind);
      return {
        count: ofKind.length,
        done: ofKind.filter((job) => job.done_at).length,
        retried: ofKind.filter((job) => job.attempts > 0).length,
      };
    };
    assert.deepEqual(tally('send-invitation'), { count: 3 * ENVELOPES, done: 3 * ENVELOPES, retried: 0 });
    assert.deepEqual(tally('complete-envelope'), { count: ENVELOPES, done: ENVELOPES, retried: 0 });
    assert.deepEqual(tally('deliver-completion'), { count: ENVELOPES, done: ENVELOPES, retried: 0 });
    assert.deepEqual(
      jobs.filter((job) => !job.done_at || job.attempts > 0),
      [],
      'no job of any kind left undone or retried',
    );

    // Each mail sent once: per envelope, an invitation to each signer, a copy to the observer, a completion mail to all four.
    const sent = new Map<string, number>();
    for (const mail of sink.messages) {
      const key = `${envelopeOf(mail)} ${kindOf(mail)} → ${recipientOf(mail)}`;
      sent.set(key, (sent.get(key) ?? 0) + 1);
    }
    const expected = created.flatMap((_, i) => {
      const observer = `observer-${i}-${RUN}@scale.test`;
      return [
        ...signerEmails(i).map((email) => `Scale-out ${i} invitation → ${email}`),
        `Scale-out ${i} observer copy → ${observer}`,
        ...[...signerEmails(i), observer, ownerEmail].map((email) => `Scale-out ${i} completion → ${email}`),
      ];
    });
    assert.deepEqual([...sent.keys()].sort(), expected.sort());
    assert.deepEqual(
      [...sent.entries()].filter(([, count]) => count !== 1),
      [],
      'no mail twice',
    );

    // The sealed copy and the certificate: the same bytes from either process, sealed with the shared certificate.
    const certificate = new Uint8Array(
      Buffer.from((await readFile(join(workDir, 'Scale-out.crt'), 'utf8')).replace(/-----[A-Z ]+-----|\s/g, ''), 'base64'),
    );
    await Promise.all(
      created.flatMap(({ id, documentId }) =>
        [documentId, 'certificate'].map(async (document) => {
          const [first, second] = await Promise.all(
            servers.map((server) =>
              call(server, 'GET', `/api/v2.0/envelopes/${id}/${document}/download`, { token, headers: { accept: 'application/pdf' } }),
            ),
          );
          assert.equal(first!.status, 200);
          assert.equal(second!.status, 200);
          assert.deepEqual(first!.bytes, second!.bytes);
          if (document === documentId) {
            assert.equal((await verifySealedPdf(first!.bytes, { trustedCertificates: [certificate] })).valid, true);
          }
        }),
      ),
    );
  });

  it('shares the rate-limit counters through Redis: the budget of one address is spent across both processes', async () => {
    const bogus = (server: ChildServer) =>
      call(server, 'GET', '/api/v2.0/account', { token: 'cs_at_bogus', headers: { 'x-forwarded-for': PROBE_ADDRESS } });
    for (let i = 0; i < PER_ADDRESS; i++) assert.equal((await bogus(servers[i % 2]!)).status, 401);
    for (const server of servers) {
      const limited = await bogus(server);
      assert.equal(limited.status, 429);
      assert.equal(limited.body.errors[0].error_code, 'RATE_LIMITED');
    }
  });

  it('shares the webhook secrets key: a secret stored by one process signs the deliveries the other makes', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const created = await call(servers[0]!, 'POST', '/api/v2.0/webhooks', {
        token,
        body: { url: `${receiver.url}/scale`, events: ['envelope.completed'] },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const { webhook_id: webhookId, secret } = created.body.data as { webhook_id: string; secret: string };
      const pings = 6;
      for (let i = 0; i < pings; i++)
        assert.equal((await call(servers[i % 2]!, 'POST', `/api/v2.0/webhooks/${webhookId}/test`, { token })).status, 201);
      await eventually(`${pings} pings delivered`, async () => receiver.received('/scale').length >= pings);
      assert.ok(receiver.received('/scale').every((delivery) => secretsThatVerify(delivery, [secret]).length === 1));
    } finally {
      await receiver.close();
    }
  });
});
