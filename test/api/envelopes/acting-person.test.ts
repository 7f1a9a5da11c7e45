import assert from 'node:assert/strict';
import { beforeEach, it } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { inviteUser } from '../../../src/app/users/invite-user.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope, envelopeRequest } from '../../support/envelopes.js';
import { linksIn } from '../../support/smtp-sink.js';

const API = '/api/v2.0';
const CONSOLE = { 'x-requested-with': 'countersign-console' };

const addressOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text ?? '';

interface Person {
  name: string;
  email: string;
}

describeOnEachDatabase(
  'The acting person: envelopes and their ledger name the signed-in user, not the account owner',
  (server, sink) => {
    let account: Awaited<ReturnType<typeof server.newAccount>>;
    let owner: Person;
    let sequence = 0;

    beforeEach(async () => {
      sink.clear();
      account = await server.newAccount();
      const users = (await server.call('GET', `${API}/account/users`, { token: account.accessToken })).body.data.users;
      const found = users.find((u: { is_owner: boolean }) => u.is_owner);
      owner = { name: found.name, email: found.email };
    });

    /** Invites a user, opens the mailed sign-in link and exchanges the session for a console token. */
    const signedIn = async (role: 'admin' | 'sender', name: string) => {
      const email = `${role}-${++sequence}-${Date.now()}@people.test`;
      const user = await inviteUser(server.service.ctx, { accountId: account.account_id, email, name, role });
      const mail = await sink.waitFor((m) => addressOf(m) === email);
      const link = linksIn(mail).find((url) => url.includes('/console/login/'));
      assert.ok(link, 'the invitation carries a sign-in link');
      const opened = await fetch(`${server.url}${new URL(link).pathname}`, { redirect: 'manual' });
      assert.equal(opened.status, 303);
      const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0]!;
      const exchanged = await server.call('POST', `${API}/console/token`, { noAppAuthType: true, headers: { ...CONSOLE, cookie } });
      assert.equal(exchanged.status, 200);
      return { userId: user.id, name, email, token: exchanged.body.data.access_token as string };
    };

    const details = (envelopeId: string, token = account.accessToken) =>
      server.call('GET', `${API}/envelopes/${envelopeId}/details`, { token });

    const actorsOf = async (envelopeId: string): Promise<Record<string, Person>> => {
      const audit = await server.call('GET', `${API}/envelopes/${envelopeId}/audit_logs`, { token: account.accessToken });
      assert.equal(audit.status, 200);
      assert.equal(audit.body.data.verified, true);
      const entries: { activity_type: string; actor: { name: string; email: string } }[] = audit.body.data.entries;
      return Object.fromEntries(entries.map((e) => [e.activity_type, { name: e.actor.name, email: e.actor.email }]));
    };

    const historyOf = async (envelopeId: string): Promise<Record<string, { email: string; first_name: string; last_name: string }>> => {
      const history = await server.call('GET', `${API}/envelopes/${envelopeId}/history`, { token: account.accessToken });
      assert.equal(history.status, 200);
      const items: { activity_type: string; performed_by: { email: string; first_name: string; last_name: string } }[] =
        history.body.data.history;
      return Object.fromEntries(items.map((h) => [h.activity_type, h.performed_by]));
    };

    const cancel = (envelopeId: string, token: string) =>
      server.call('POST', `${API}/envelopes/${envelopeId}/cancel`, { token, body: { cancel_reason: 'Terms changed.' } });

    it('names the signed-in sender as created_by, and as the actor of ENVELOPE_CREATED and ENVELOPE_CANCELLED in the history and the audit log', async () => {
      const sender = await signedIn('sender', 'Sam Sender');
      const { envelope_id } = await createEnvelope(server, sender.token);
      const read = await details(envelope_id, sender.token);
      assert.equal(read.status, 200);
      assert.deepEqual(read.body.data.created_by, { name: 'Sam Sender', email: sender.email });

      assert.equal((await cancel(envelope_id, sender.token)).status, 200);
      const actors = await actorsOf(envelope_id);
      assert.deepEqual(actors.ENVELOPE_CREATED, { name: 'Sam Sender', email: sender.email });
      assert.deepEqual(actors.ENVELOPE_CANCELLED, { name: 'Sam Sender', email: sender.email });
      const history = await historyOf(envelope_id);
      assert.deepEqual(history.ENVELOPE_CREATED, { first_name: 'Sam', last_name: 'Sender', email: sender.email });
      assert.equal(history.ENVELOPE_CANCELLED?.email, sender.email);
    });

    it('still names the account owner for an envelope an API client created, and for what an API client does to a user’s envelope', async () => {
      const { envelope_id } = await createEnvelope(server, account.accessToken);
      assert.deepEqual((await details(envelope_id)).body.data.created_by, owner);
      assert.deepEqual((await actorsOf(envelope_id)).ENVELOPE_CREATED, owner);

      const sender = await signedIn('sender', 'Sam Sender');
      const theirs = await createEnvelope(server, sender.token);
      assert.equal((await cancel(theirs.envelope_id, account.accessToken)).status, 200);
      const actors = await actorsOf(theirs.envelope_id);
      assert.deepEqual(actors.ENVELOPE_CREATED, { name: 'Sam Sender', email: sender.email });
      assert.deepEqual(actors.ENVELOPE_CANCELLED, owner);
      assert.deepEqual((await details(theirs.envelope_id)).body.data.created_by, { name: 'Sam Sender', email: sender.email });
    });

    it('names the acting user for metadata updates, reminders and due-date work done through a console token', async () => {
      const sender = await signedIn('sender', 'Sam Sender');
      const admin = await signedIn('admin', 'Ann Admin');
      const { envelope_id } = await createEnvelope(server, sender.token);
      const updated = await server.call('POST', `${API}/envelopes/${envelope_id}/update_envelope_metadata`, {
        token: admin.token,
        body: { tags: ['renewal'] },
      });
      assert.equal(updated.status, 200);
      const reminded = await server.call('POST', `${API}/envelopes/${envelope_id}/remind_signer`, {
        token: admin.token,
        body: { signer_email: 'ada@example.test' },
      });
      assert.equal(reminded.status, 200);
      await server.service.worker.drain();
      const actors = await actorsOf(envelope_id);
      assert.deepEqual(actors.METADATA_UPDATED, { name: 'Ann Admin', email: admin.email });
      assert.deepEqual(actors.REMINDER_SENT, { name: 'Ann Admin', email: admin.email });
      // The invitations are the creator's: they went out for them.
      assert.deepEqual(actors.INVITATION_SENT, { name: 'Sam Sender', email: sender.email });
    });

    it('mails the decline notice to the user who created the envelope, not to the owner', async () => {
      const sender = await signedIn('sender', 'Sam Sender');
      const { envelope_id } = await createEnvelope(server, sender.token);
      await server.service.worker.drain();
      sink.clear();
      const declined = await server.call('POST', `${API}/envelopes/${envelope_id}/decline`, {
        token: sender.token,
        body: { reason: 'Wrong address.', signer_email: 'ada@example.test' },
      });
      assert.equal(declined.status, 200, JSON.stringify(declined.body));
      await server.service.worker.drain();
      const notices = sink.messages.filter((mail) => /^Declined:/.test(mail.subject ?? '')).map(addressOf);
      assert.ok(notices.includes(sender.email), `the creator is told: ${notices.join(', ')}`);
      assert.ok(!notices.includes(owner.email), 'the owner is not');
    });

    it('removes a user who created envelopes: their envelopes read on, created_by falls back to the owner, the ledger still names them', async () => {
      const sender = await signedIn('sender', 'Sam Sender');
      const { envelope_id } = await createEnvelope(server, sender.token);
      const removed = await server.call('DELETE', `${API}/account/users/${sender.userId}`, { token: account.accessToken });
      assert.equal(removed.status, 200, JSON.stringify(removed.body));

      const read = await details(envelope_id);
      assert.equal(read.status, 200);
      assert.deepEqual(read.body.data.created_by, owner);
      assert.deepEqual((await actorsOf(envelope_id)).ENVELOPE_CREATED, { name: 'Sam Sender', email: sender.email });

      // Their envelope's notices go to the owner now.
      await server.service.worker.drain();
      sink.clear();
      const declined = await server.call('POST', `${API}/envelopes/${envelope_id}/decline`, {
        token: account.accessToken,
        body: { reason: 'No.', signer_email: 'ada@example.test' },
      });
      assert.equal(declined.status, 200);
      await server.service.worker.drain();
      const notices = sink.messages.filter((mail) => /^Declined:/.test(mail.subject ?? '')).map(addressOf);
      assert.ok(notices.includes(owner.email), `the owner is told: ${notices.join(', ')}`);
      assert.ok(!notices.includes(sender.email));
    });

    it('names the user who generated the composer’s URL as the creator of the envelope it sends', async () => {
      const sender = await signedIn('sender', 'Sam Sender');
      const generated = await server.call('POST', `${API}/envelopes/generate_sender_url`, {
        token: sender.token,
        body: await envelopeRequest(),
      });
      assert.equal(generated.status, 201, JSON.stringify(generated.body));
      const urlToken = new URL(generated.body.data.url).pathname.split('/').pop()!;
      const opened = await server.call('GET', `${API}/builder/${urlToken}`, { noAppAuthType: true });
      const session = opened.body.data.session_token as string;
      const sent = await server.call('POST', `${API}/builder/${session}/send`, { noAppAuthType: true, body: { signers: [] } });
      assert.equal(sent.status, 201, JSON.stringify(sent.body));
      const envelopeId = sent.body.data.envelope_id as string;
      assert.deepEqual((await details(envelopeId)).body.data.created_by, { name: 'Sam Sender', email: sender.email });
      assert.deepEqual((await actorsOf(envelopeId)).ENVELOPE_CREATED, { name: 'Sam Sender', email: sender.email });

      const byClient = await server.call('POST', `${API}/envelopes/generate_sender_url`, {
        token: account.accessToken,
        body: await envelopeRequest(),
      });
      const clientSession = (
        await server.call('GET', `${API}/builder/${new URL(byClient.body.data.url).pathname.split('/').pop()}`, { noAppAuthType: true })
      ).body.data.session_token as string;
      const clientSent = await server.call('POST', `${API}/builder/${clientSession}/send`, { noAppAuthType: true, body: { signers: [] } });
      assert.equal(clientSent.status, 201);
      assert.deepEqual((await details(clientSent.body.data.envelope_id)).body.data.created_by, owner);
    });

    it('answers 401 INVALID_ACCESS_TOKEN to the Send of a composer whose generating user was removed, creating nothing', async () => {
      const sender = await signedIn('sender', 'Sam Sender');
      const generated = await server.call('POST', `${API}/envelopes/generate_sender_url`, {
        token: sender.token,
        body: await envelopeRequest(),
      });
      assert.equal(generated.status, 201);
      const urlToken = new URL(generated.body.data.url).pathname.split('/').pop()!;
      const session = (await server.call('GET', `${API}/builder/${urlToken}`, { noAppAuthType: true })).body.data.session_token as string;
      assert.equal((await server.call('DELETE', `${API}/account/users/${sender.userId}`, { token: account.accessToken })).status, 200);
      const sent = await server.call('POST', `${API}/builder/${session}/send`, { noAppAuthType: true, body: { signers: [] } });
      assert.equal(sent.status, 401);
      assert.equal(sent.body.errors[0].error_code, 'INVALID_ACCESS_TOKEN');
      const listed = await server.call('POST', `${API}/envelopes/list`, { token: account.accessToken, body: {} });
      assert.equal(listed.body.data.total, 0);
    });
  },
  { smtpSink: true },
);
