import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { beforeEach, it } from 'node:test';
import { promisify } from 'node:util';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import type { TestServer } from '../../support/test-server.js';
import { signBody, tokenFor, waitForCompletion } from '../signing/signing-helpers.js';
import { independentlyVerifiedAuditLogs } from './ledger-checks.js';

const exec = promisify(execFile);

const EVE = { name: 'Evelyn Erasmus', email: 'evelyn.erasmus@example.test' };
const EVE_BROWSER = 'EvelynBrowser/7.1 (erasure test)';
const GRACE = { name: 'Grace Hopper', email: 'grace@example.test' };

const signer = (person: { name: string; email: string }, page: number) => ({
  ...person,
  fields: [{ type: 'signature', page, x: 72, y: 600, width: 160, height: 40 }],
});

/** `countersign recipient erase` run as an operator does, on the test server's database, from the sources. */
const eraseWithCli = async (server: TestServer, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> => {
  const database = server.service.ctx.config.database;
  try {
    const { stdout, stderr } = await exec('node', ['--import', 'tsx', 'src/cli/main.ts', 'recipient', 'erase', ...args], {
      env: {
        ...process.env,
        DATA_DIR: server.dataDir,
        LOG_LEVEL: 'warn',
        ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
      },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};

describeOnEachDatabase('Erasing a person (docs/operations/retention-and-erasure.md)', (server) => {
  let accountId: string;
  let token: string;
  let otherToken: string;
  beforeEach(async () => {
    const account = await server.newAccount();
    accountId = account.account_id;
    token = account.accessToken;
    otherToken = (await server.newAccount()).accessToken;
  });

  const get = (path: string, as = token) => server.call('GET', `/api/v2.0${path}`, { token: as });
  const cancel = async (envelopeId: string, as = token) => {
    const response = await server.call('POST', `/api/v2.0/envelopes/${envelopeId}/cancel`, {
      token: as,
      body: { cancel_reason: `No longer needed by ${EVE.name}` },
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
  };
  /** Every answer about the envelope that may name a person. */
  const answersAbout = async (envelopeId: string, as = token) =>
    JSON.stringify([
      (await get(`/envelopes/${envelopeId}/details`, as)).body,
      (await get(`/envelopes/${envelopeId}/history`, as)).body,
      (await get(`/envelopes/${envelopeId}/audit_logs`, as)).body,
    ]);
  const listedWith = async (email: string, as = token) =>
    (await server.call('POST', '/api/v2.0/envelopes/list', { token: as, body: { filters: { recipient_email: email } } })).body.data
      .envelopes as unknown[];

  /** A Completed envelope that Evelyn viewed and signed from her own browser, then Grace. */
  const signedByEvelyn = async () => {
    const envelope = await createEnvelope(server, token, { signers: [signer(EVE, 1), signer(GRACE, 2)] });
    const [evelyn, grace] = envelope.recipients.signers;
    const evelynToken = await tokenFor(server, envelope.envelope_id, evelyn!.recipient_id);
    const asEvelyn = { noAppAuthType: true, headers: { 'user-agent': EVE_BROWSER } };
    assert.equal((await server.call('GET', `/api/v2.0/signing/${evelynToken}`, asEvelyn)).status, 200);
    const signed = await server.call('POST', `/api/v2.0/signing/${evelynToken}/sign`, { ...asEvelyn, body: signBody() });
    assert.equal(signed.status, 200, JSON.stringify(signed.body));
    const graceToken = await tokenFor(server, envelope.envelope_id, grace!.recipient_id);
    assert.equal(
      (await server.call('POST', `/api/v2.0/signing/${graceToken}/sign`, { noAppAuthType: true, body: signBody() })).status,
      200,
    );
    assert.equal((await waitForCompletion(server, envelope.envelope_id)).status, 'Completed');
    return envelope.envelope_id;
  };

  it('replaces her name, e-mail, IP and user agent in every envelope of the account by salted hashes, and the ledger still verifies', async () => {
    const completed = await signedByEvelyn();
    const cancelled = (await createEnvelope(server, token, { signers: [signer(EVE, 1)] })).envelope_id;
    await cancel(cancelled);
    const elsewhere = (await createEnvelope(server, otherToken, { signers: [signer(EVE, 1)] })).envelope_id;
    await cancel(elsewhere, otherToken);
    const before = await answersAbout(completed);
    for (const trace of [EVE.email, EVE.name, EVE_BROWSER]) assert.equal(before.includes(trace), true, trace);
    assert.equal((await listedWith(EVE.email)).length, 2);

    const run = await eraseWithCli(server, ['--email', 'Evelyn.Erasmus@Example.test', '--account', accountId, '--json']);
    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout);
    assert.equal(report.email, EVE.email);
    assert.match(report.replaced_by, /^erased-[0-9a-f]{24}@erased\.invalid$/);
    assert.equal(report.envelopes, 2);
    assert.equal(report.recipients, 2);
    assert.ok(report.ledger_entries >= 3, JSON.stringify(report));
    assert.equal(report.ledger_entries_kept, 0);

    for (const envelopeId of [completed, cancelled]) {
      const after = await answersAbout(envelopeId);
      for (const trace of [EVE.email, EVE.name, EVE_BROWSER, 'Evelyn', 'Erasmus'])
        assert.ok(!after.includes(trace), `${trace} in ${envelopeId}`);
      assert.ok(after.includes(report.replaced_by), 'her pseudonym stands in her place');
      const logs = await independentlyVerifiedAuditLogs(server, token, envelopeId);
      const hers = logs.entries.filter((entry: { actor: { email: string | null } }) => entry.actor.email === report.replaced_by);
      assert.equal(hers.length > 0, envelopeId === completed, 'she acted (viewed, signed) in the completed one only');
      for (const entry of hers) {
        assert.equal(entry.personal_salt, null, 'the commitment can no longer be opened');
        if (entry.user_agent !== null) assert.match(entry.user_agent, /^erased:[0-9a-f]{24}$/);
        if (entry.ip_address !== null) assert.match(entry.ip_address, /^erased:[0-9a-f]{24}$/);
      }
    }
    const details = (await get(`/envelopes/${completed}/details`)).body.data;
    assert.ok(JSON.stringify(details).includes(GRACE.email), 'another signer of the same envelope is untouched');
    assert.deepEqual(await listedWith(EVE.email), [], 'a search by her address finds nothing');
    assert.ok(!JSON.stringify((await server.call('POST', '/api/v2.0/envelopes/list', { token, body: {} })).body).includes(EVE.email));

    const untouched = await answersAbout(elsewhere, otherToken);
    assert.ok(untouched.includes(EVE.email) && untouched.includes(EVE.name), "another account's envelopes keep her");
    await independentlyVerifiedAuditLogs(server, otherToken, elsewhere);

    const again = JSON.parse((await eraseWithCli(server, ['--email', report.replaced_by, '--account', accountId, '--json'])).stdout);
    assert.equal(again.envelopes, 2, 'the pseudonym itself is all that is left to find');
  });

  it('gives the same person the same pseudonym within an account (a salted hash of the account)', async () => {
    const first = (await createEnvelope(server, token, { signers: [signer(EVE, 1)] })).envelope_id;
    const second = (await createEnvelope(server, token, { signers: [signer(EVE, 1)] })).envelope_id;
    await cancel(first);
    await cancel(second);
    const elsewhere = (await createEnvelope(server, otherToken, { signers: [signer(EVE, 1)] })).envelope_id;
    await cancel(elsewhere, otherToken);
    const run = await eraseWithCli(server, ['--email', EVE.email, '--account', accountId, '--json']);
    const report = JSON.parse(run.stdout);
    const emailsOf = async (envelopeId: string, as = token) =>
      (await get(`/envelopes/${envelopeId}/details`, as)).body.data.recipients.signers.map((s: { email: string }) => s.email);
    assert.deepEqual(await emailsOf(first), [report.replaced_by]);
    assert.deepEqual(await emailsOf(second), [report.replaced_by]);
    assert.deepEqual(await emailsOf(elsewhere, otherToken), [EVE.email]);
  });

  it('refuses, changing nothing, while she is a recipient of an envelope still open', async () => {
    const ended = (await createEnvelope(server, token, { signers: [signer(EVE, 1)] })).envelope_id;
    await cancel(ended);
    const open = (await createEnvelope(server, token, { signers: [signer(EVE, 1)] })).envelope_id;
    const run = await eraseWithCli(server, ['--email', EVE.email, '--account', accountId, '--json']);
    assert.equal(run.code, 1);
    const { error } = JSON.parse(run.stdout);
    assert.equal(error.code, 'RECIPIENT_ON_OPEN_ENVELOPE');
    assert.match(error.message, new RegExp(open));
    assert.ok((await answersAbout(ended)).includes(EVE.email), 'nothing was erased');
    await cancel(open);
    assert.equal((await eraseWithCli(server, ['--email', EVE.email, '--account', accountId, '--json'])).code, 0);
    assert.ok(!(await answersAbout(open)).includes(EVE.email));
  });

  it('changes nothing for an address no envelope of the account names, and says so', async () => {
    const envelope = (await createEnvelope(server, token, { signers: [signer(EVE, 1)] })).envelope_id;
    const run = await eraseWithCli(server, ['--email', 'nobody@example.test', '--account', accountId]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /nothing was changed/);
    assert.match(run.stdout, /envelopes\s+0/);
    assert.ok((await answersAbout(envelope)).includes(EVE.email));
    const unknownAccount = await eraseWithCli(server, ['--email', EVE.email, '--account', 'acc_nope', '--json']);
    assert.equal(unknownAccount.code, 1);
    assert.equal(JSON.parse(unknownAccount.stdout).error.code, 'ACCOUNT_NOT_FOUND');
    const badAddress = await eraseWithCli(server, ['--email', 'not an address', '--account', accountId, '--json']);
    assert.equal(JSON.parse(badAddress.stdout).error.code, 'INVALID_EMAIL');
  });
});
