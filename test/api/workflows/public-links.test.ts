import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { runMaintenance } from '../../../src/app/jobs/maintenance.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { assertError } from '../../support/test-server.js';
import { signBody } from '../signing/signing-helpers.js';
import { createLeaseTemplate, leaseRecipients, mailedCode, openLeaseLink, saveLink, visitor } from './public-link-fixtures.js';

const MINUTE = 60_000;

describeOnEachDatabase(
  'Public links on templates',
  (server, sink) => {
    let token: string;
    let ownerId: string;
    const guest = visitor(server);

    before(async () => {
      const account = await server.newAccount();
      token = account.accessToken;
      ownerId = account.user_id;
      const hook = await server.call('POST', '/api/v2.0/webhooks', {
        token,
        body: { url: 'http://127.0.0.1:9/hooks', events: ['envelope.sent'], description: 'public link uses' },
      });
      assert.equal(hook.status, 201, JSON.stringify(hook.body));
    });

    /** One full use by `email`: a code asked for and entered; the verify answer. */
    const use = async (slug: string, email: string, name = 'Tina Tenant') => {
      const seen = sink.messages.length;
      const started = await guest.start(slug, { name, email });
      assert.equal(started.status, 200, JSON.stringify(started.body));
      return guest.verify(slug, { email, code: await mailedCode(server, sink, email, seen) });
    };

    it('creates a link with 201, changes it with 200 under the same address, and answers it on GET', async () => {
      const templateId = await createLeaseTemplate(server, token);
      const created = await saveLink(server, token, templateId, {
        enabled: true,
        role: 'Tenant',
        max_uses: 10,
        recipients: leaseRecipients(),
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal(created.body.message, 'Public link created.');
      const link = created.body.data;
      assert.match(link.slug, /^[A-Za-z0-9_-]{22,}$/);
      assert.equal(link.url, `${server.service.ctx.config.publicUrl}/p/${link.slug}`);
      assert.deepEqual(
        { enabled: link.enabled, role: link.role, max_uses: link.max_uses, uses: link.uses, expires_at: link.expires_at },
        { enabled: true, role: 'Tenant', max_uses: 10, uses: 0, expires_at: null },
      );
      assert.deepEqual(link.recipients, leaseRecipients());
      assert.deepEqual((await server.call('GET', `/api/v2.0/templates/${templateId}/public_link`, { token })).body.data, link);

      const expiresAt = new Date(server.clock.now().getTime() + 7 * 86_400_000).toISOString();
      const changed = await saveLink(server, token, templateId, { enabled: false, role: 'Tenant', expires_at: expiresAt });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      assert.equal(changed.body.message, 'Public link updated.');
      assert.equal(changed.body.data.slug, link.slug);
      assert.deepEqual(
        [changed.body.data.enabled, changed.body.data.max_uses, changed.body.data.expires_at],
        [false, 10, expiresAt],
        'left-out keys keep their value',
      );
      assert.deepEqual(changed.body.data.recipients, leaseRecipients());
      const cleared = await saveLink(server, token, templateId, { enabled: true, role: 'Tenant', max_uses: null });
      assert.equal(cleared.body.data.max_uses, null);
    });

    it('answers 404 PUBLIC_LINK_NOT_FOUND for a template without a link and 404 TEMPLATE_NOT_FOUND for another account’s', async () => {
      const templateId = await createLeaseTemplate(server, token);
      assertError(await server.call('GET', `/api/v2.0/templates/${templateId}/public_link`, { token }), 404, 'PUBLIC_LINK_NOT_FOUND');
      const stranger = (await server.newAccount()).accessToken;
      assertError(
        await server.call('GET', `/api/v2.0/templates/${templateId}/public_link`, { token: stranger }),
        404,
        'TEMPLATE_NOT_FOUND',
      );
      assertError(
        await saveLink(server, stranger, templateId, { enabled: true, role: 'Tenant', recipients: leaseRecipients() }),
        404,
        'TEMPLATE_NOT_FOUND',
      );
      assertError(await saveLink(server, token, 'tpl_unknown', { enabled: true, role: 'Tenant' }), 404, 'TEMPLATE_NOT_FOUND');
    });

    it('answers 400 SIGNER_TITLE_NOT_FOUND for a role the template lacks and 400 SIGNER_ROLE_MISSING for a role left unfilled', async () => {
      const templateId = await createLeaseTemplate(server, token);
      const unknownRole = assertError(
        await saveLink(server, token, templateId, { enabled: true, role: 'Buyer', recipients: leaseRecipients() }),
        400,
        'SIGNER_TITLE_NOT_FOUND',
      );
      assert.equal(unknownRole.field, 'role');
      const missing = assertError(await saveLink(server, token, templateId, { enabled: true, role: 'Tenant' }), 400, 'SIGNER_ROLE_MISSING');
      assert.equal(missing.field, 'recipients.signers');
      assert.match(missing.developer_message, /Landlord/);
      const twice = await saveLink(server, token, templateId, {
        enabled: true,
        role: 'Tenant',
        recipients: { signers: [...leaseRecipients().signers, { signer_title: 'Tenant', name: 'X', email: 'x@example.test' }] },
      });
      assertError(twice, 400, 'DUPLICATE_SIGNER_TITLE');
      assertError(await saveLink(server, token, templateId, { enabled: true, role: 'Tenant', max_uses: 0 }), 400, 'INVALID_FIELD');
      assertError(await server.call('GET', `/api/v2.0/templates/${templateId}/public_link`, { token }), 404, 'PUBLIC_LINK_NOT_FOUND');
    });

    it('describes an open link to anyone, without a credential; an unknown slug is 404 PUBLIC_LINK_NOT_FOUND', async () => {
      const { slug } = await openLeaseLink(server, token);
      const described = await guest.describe(slug);
      assert.equal(described.status, 200, JSON.stringify(described.body));
      assert.deepEqual(described.body.data, { template_name: 'Lease', account_name: 'Acme Test', open: true, closed_reason: null });
      assertError(await guest.describe('no-such-link'), 404, 'PUBLIC_LINK_NOT_FOUND');
      assertError(await guest.start('no-such-link', { name: 'Tina', email: 'tina@example.test' }), 404, 'PUBLIC_LINK_NOT_FOUND');
      assertError(await guest.verify('no-such-link', { email: 'tina@example.test', code: '123456' }), 404, 'PUBLIC_LINK_NOT_FOUND');
    });

    it('makes an envelope from a use: the visitor in the role with their link answered, not mailed; the landlord invited once the tenant signed', async () => {
      const { templateId, slug } = await openLeaseLink(server, token);
      const seen = sink.messages.length;
      const started = await guest.start(slug, { name: 'Tina Tenant', email: 'Tina@Example.test', language: 'de' });
      assert.equal(started.status, 200, JSON.stringify(started.body));
      assert.deepEqual(Object.keys(started.body.data), ['expires_at']);
      assert.equal(new Date(started.body.data.expires_at).getTime(), server.clock.now().getTime() + 10 * MINUTE);
      const code = await mailedCode(server, sink, 'tina@example.test', seen);
      const mail = sink.messages.slice(seen).find((m) => m.subject?.includes(code))!;
      assert.match(mail.subject ?? '', /Lease/);
      assert.match(mail.text ?? '', /Guten Tag Tina Tenant/, 'the mail speaks the language the visitor asked for');
      const stored = await server.service.ctx.db
        .selectFrom('public_link_codes')
        .select('code_hash')
        .where('email', '=', 'tina@example.test')
        .execute();
      assert.ok(
        stored.every((row) => !row.code_hash.includes(code)),
        'only a hash of the code is stored',
      );

      const verified = await guest.verify(slug, { email: 'tina@example.test', code });
      assert.equal(verified.status, 201, JSON.stringify(verified.body));
      const { envelope_id: envelopeId, signing_token: signingToken, url } = verified.body.data;
      assert.equal(url, `${server.service.ctx.config.publicUrl}/sign/${signingToken}`);

      const details = await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/details`, { token });
      assert.equal(details.status, 200, JSON.stringify(details.body));
      assert.equal(details.body.data.name, 'Lease');
      const people = details.body.data.recipients ?? details.body.data;
      assert.ok(JSON.stringify(people).includes('tina@example.test') && JSON.stringify(people).includes('lena@example.test'));
      const envelope = await server.service.ctx.db
        .selectFrom('envelopes')
        .selectAll()
        .where('id', '=', envelopeId)
        .executeTakeFirstOrThrow();
      assert.equal(envelope.template_id, templateId);
      assert.equal(envelope.created_by_user_id, ownerId, "the envelope's sender is the account's owner");
      const tenant = await server.service.ctx.db
        .selectFrom('recipients')
        .selectAll()
        .where('envelope_id', '=', envelopeId)
        .where('email', '=', 'tina@example.test')
        .executeTakeFirstOrThrow();
      assert.deepEqual([tenant.title, tenant.name, tenant.language, tenant.status], ['Tenant', 'Tina Tenant', 'de', 'Sent']);

      const history = await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/history`, { token });
      const used = JSON.stringify(history.body).includes('PUBLIC_LINK_USED');
      assert.ok(used, JSON.stringify(history.body));
      const events = await server.service.ctx.db
        .selectFrom('webhook_events')
        .select(['type', 'data'])
        .where('type', '=', 'envelope.sent')
        .execute();
      assert.ok(
        events.some((event) => event.data.includes(envelopeId)),
        'envelope.sent recorded for the webhook',
      );
      assert.equal((await server.call('GET', `/api/v2.0/templates/${templateId}/public_link`, { token })).body.data.uses, 1);

      await server.service.worker.drain();
      const mailsOfEnvelope = sink.messages.slice(seen).filter((m) => m.subject?.includes('Lease') && !m.subject.includes(code));
      assert.ok(
        !mailsOfEnvelope.some((m) => JSON.stringify(m.to).includes('tina@example.test')),
        'the visitor gets no invitation: their link was answered',
      );
      assert.ok(
        mailsOfEnvelope.some((m) => JSON.stringify(m.to).includes('otto@example.test')),
        'the observer is told',
      );
      assert.ok(!mailsOfEnvelope.some((m) => JSON.stringify(m.to).includes('lena@example.test')), 'the landlord waits for the tenant');

      const view = await server.call('GET', `/api/v2.0/signing/${signingToken}`, { noAppAuthType: true });
      assert.equal(view.status, 200, JSON.stringify(view.body));
      const signed = await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { noAppAuthType: true, body: signBody() });
      assert.equal(signed.status, 200, JSON.stringify(signed.body));
      await server.service.worker.drain();
      await sink.waitFor((m) => JSON.stringify(m.to).includes('lena@example.test') && (m.subject ?? '').includes('Lease'));
    });

    it('answers 401 INVALID_CODE to wrong codes and kills the code at the fifth, so the right one no longer works', async () => {
      const { slug } = await openLeaseLink(server, token);
      const seen = sink.messages.length;
      await guest.start(slug, { name: 'Walt Wrong', email: 'walt@example.test' });
      const code = await mailedCode(server, sink, 'walt@example.test', seen);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let attempt = 1; attempt <= 5; attempt++) {
        const refused = assertError(await guest.verify(slug, { email: 'walt@example.test', code: wrong }), 401, 'INVALID_CODE');
        assert.equal(refused.field, 'code');
        assert.match(refused.developer_message, attempt < 5 ? new RegExp(`${5 - attempt} attempt`) : /no longer works/);
      }
      const dead = assertError(await guest.verify(slug, { email: 'walt@example.test', code }), 401, 'INVALID_CODE');
      assert.match(dead.developer_message, /5 times/);
      const rows = await server.service.ctx.db.selectFrom('envelopes').select('id').where('name', '=', 'Lease').execute();
      const seenNew = sink.messages.length;
      await guest.start(slug, { name: 'Walt Wrong', email: 'walt@example.test' });
      const fresh = await mailedCode(server, sink, 'walt@example.test', seenNew);
      assert.equal((await guest.verify(slug, { email: 'walt@example.test', code: fresh })).status, 201, 'a new code works');
      assert.equal(
        (await server.service.ctx.db.selectFrom('envelopes').select('id').where('name', '=', 'Lease').execute()).length,
        rows.length + 1,
      );
    });

    it('refuses a code after 10 minutes with 401 CODE_EXPIRED, one a newer code replaced and one never asked for with a code asked for with 401 INVALID_CODE', async () => {
      const { slug } = await openLeaseLink(server, token);
      assertError(await guest.verify(slug, { email: 'nobody@example.test', code: '123456' }), 401, 'INVALID_CODE');
      const first = await use(slug, 'once@example.test');
      assert.equal(first.status, 201);
      const seen = sink.messages.length;
      await guest.start(slug, { name: 'Late Larry', email: 'larry@example.test' });
      const code = await mailedCode(server, sink, 'larry@example.test', seen);
      server.clock.advance(10 * MINUTE + 1000);
      assertError(await guest.verify(slug, { email: 'larry@example.test', code }), 401, 'CODE_EXPIRED');
      const seenAgain = sink.messages.length;
      await guest.start(slug, { name: 'Late Larry', email: 'larry@example.test' });
      const replaced = await mailedCode(server, sink, 'larry@example.test', seenAgain);
      const seenLast = sink.messages.length;
      await guest.start(slug, { name: 'Late Larry', email: 'larry@example.test' });
      const newest = await mailedCode(server, sink, 'larry@example.test', seenLast);
      if (replaced !== newest) assertError(await guest.verify(slug, { email: 'larry@example.test', code: replaced }), 401, 'INVALID_CODE');
      assert.equal(
        (await guest.verify(slug, { email: 'larry@example.test', code: newest })).status,
        201,
        'a new code replaces the previous one',
      );
    });

    it('reuses no code: the same code again answers 401 INVALID_CODE and makes no second envelope', async () => {
      const { slug, templateId } = await openLeaseLink(server, token);
      const seen = sink.messages.length;
      await guest.start(slug, { name: 'Rita Replay', email: 'rita@example.test' });
      const code = await mailedCode(server, sink, 'rita@example.test', seen);
      assert.equal((await guest.verify(slug, { email: 'rita@example.test', code })).status, 201);
      assertError(await guest.verify(slug, { email: 'rita@example.test', code }), 401, 'INVALID_CODE');
      assert.equal((await server.call('GET', `/api/v2.0/templates/${templateId}/public_link`, { token })).body.data.uses, 1);
    });

    it('gives the last use of max_uses to exactly one of two visitors racing for it; the other and later visitors get 410 PUBLIC_LINK_CLOSED', async () => {
      const { slug, templateId } = await openLeaseLink(server, token, { max_uses: 2 });
      assert.equal((await use(slug, 'first@example.test')).status, 201);
      const codes: Record<string, string> = {};
      for (const email of ['racer-a@example.test', 'racer-b@example.test']) {
        const seen = sink.messages.length;
        await guest.start(slug, { name: 'Racer', email });
        codes[email] = await mailedCode(server, sink, email, seen);
      }
      const answers = await Promise.all(Object.entries(codes).map(([email, code]) => guest.verify(slug, { email, code })));
      assert.deepEqual(answers.map((a) => a.status).sort(), [201, 410], JSON.stringify(answers.map((a) => a.body)));
      assertError(
        answers.find((a) => a.status === 410)!,
        410,
        'PUBLIC_LINK_CLOSED',
      );
      const link = (await server.call('GET', `/api/v2.0/templates/${templateId}/public_link`, { token })).body.data;
      assert.equal(link.uses, 2);
      const envelopes = await server.service.ctx.db.selectFrom('envelopes').select('id').where('template_id', '=', templateId).execute();
      assert.equal(envelopes.length, 2, 'the refused use made no envelope');
      const closed = assertError(await guest.start(slug, { name: 'Too Late', email: 'late@example.test' }), 410, 'PUBLIC_LINK_CLOSED');
      assert.match(closed.developer_message, /used as many times/);
      assert.deepEqual((await guest.describe(slug)).body.data, {
        template_name: null,
        account_name: 'Acme Test',
        open: false,
        closed_reason: 'used_up',
      });
    });

    it('closes at expires_at, when disabled, and when its template is deactivated or deleted: 410 PUBLIC_LINK_CLOSED', async () => {
      const expiring = await openLeaseLink(server, token, {
        expires_at: new Date(server.clock.now().getTime() + 30 * MINUTE).toISOString(),
      });
      const seen = sink.messages.length;
      await guest.start(expiring.slug, { name: 'Eve Expiry', email: 'eve@example.test' });
      const code = await mailedCode(server, sink, 'eve@example.test', seen);
      server.clock.advance(30 * MINUTE);
      assertError(await guest.verify(expiring.slug, { email: 'eve@example.test', code }), 410, 'PUBLIC_LINK_CLOSED');
      assert.equal((await guest.describe(expiring.slug)).body.data.closed_reason, 'expired');

      const disabled = await openLeaseLink(server, token);
      await saveLink(server, token, disabled.templateId, { enabled: false, role: 'Tenant' });
      assertError(await guest.start(disabled.slug, { name: 'Dan', email: 'dan@example.test' }), 410, 'PUBLIC_LINK_CLOSED');
      assert.equal((await guest.describe(disabled.slug)).body.data.closed_reason, 'disabled');
      await saveLink(server, token, disabled.templateId, { enabled: true, role: 'Tenant' });
      assert.equal((await guest.start(disabled.slug, { name: 'Dan', email: 'dan@example.test' })).status, 200, 'enabled again');

      const inactive = await openLeaseLink(server, token);
      await server.call('PUT', `/api/v2.0/templates/${inactive.templateId}/action/deactivate`, { token });
      assertError(await guest.start(inactive.slug, { name: 'Ian', email: 'ian@example.test' }), 410, 'PUBLIC_LINK_CLOSED');
      assert.equal((await guest.describe(inactive.slug)).body.data.closed_reason, 'template_inactive');
      await server.call('PUT', `/api/v2.0/templates/${inactive.templateId}/action/delete`, { token });
      assertError(await guest.start(inactive.slug, { name: 'Ian', email: 'ian@example.test' }), 410, 'PUBLIC_LINK_CLOSED');
    });

    it('answers 400 to a start without a name or with a malformed address, sending nothing', async () => {
      const { slug } = await openLeaseLink(server, token);
      assertError(await guest.start(slug, { name: '', email: 'a@example.test' }), 400, 'RECIPIENT_NAME_REQUIRED');
      assert.equal((await guest.start(slug, { name: 'A', email: 'not-an-address' })).status, 400);
      assert.equal((await guest.start(slug, { name: 'A', email: 'a@example.test', extra: 1 })).status, 400);
      assert.equal((await guest.verify(slug, { email: 'a@example.test', code: 'x'.repeat(13) })).status, 400);
    });
    it('mails at most 5 codes an hour to one address (429 CODE_TOO_SOON) and 20 to one IP address (429 RATE_LIMITED), with Retry-After', async () => {
      const { slug } = await openLeaseLink(server, token);
      for (let i = 0; i < 5; i++) assert.equal((await guest.start(slug, { name: 'Sam', email: 'sam@example.test' })).status, 200);
      const tooSoon = await guest.start(slug, { name: 'Sam', email: 'SAM@example.test' });
      assertError(tooSoon, 429, 'CODE_TOO_SOON');
      assert.ok(Number(tooSoon.headers.get('retry-after')) > 3000, tooSoon.headers.get('retry-after') ?? 'no Retry-After');
      for (let i = 5; i < 20; i++) assert.equal((await guest.start(slug, { name: 'Sam', email: `sam${i}@example.test` })).status, 200);
      const fromIp = await guest.start(slug, { name: 'Sam', email: 'other@example.test' });
      assertError(fromIp, 429, 'RATE_LIMITED');
      assert.ok(fromIp.headers.get('retry-after'));
      server.clock.advance(61 * MINUTE);
      assert.equal((await guest.start(slug, { name: 'Sam', email: 'sam@example.test' })).status, 200, 'an hour later');
    });

    it('forgets mailed codes a day after they were sent (hourly maintenance), keeping the newer ones', async () => {
      // The earlier tests moved the clock past this suite's access token.
      const { slug } = await openLeaseLink(server, (await server.newAccount()).accessToken);
      assert.equal((await guest.start(slug, { name: 'Old', email: 'old-code@example.test' })).status, 200);
      server.clock.advance(23 * 60 * MINUTE);
      assert.equal((await guest.start(slug, { name: 'New', email: 'new-code@example.test' })).status, 200);
      server.clock.advance(2 * 60 * MINUTE);
      await runMaintenance(server.service.ctx);
      const kept = await server.service.ctx.db
        .selectFrom('public_link_codes')
        .select('email')
        .where('email', 'in', ['old-code@example.test', 'new-code@example.test'])
        .execute();
      assert.deepEqual(
        kept.map((row) => row.email),
        ['new-code@example.test'],
      );
    });
  },
  { smtpSink: true, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } },
);

describeOnEachDatabase(
  'Public links and the plan quota',
  (server, sink) => {
    it('counts each use against the monthly quota: past it, 403 ENVELOPE_QUOTA_EXCEEDED, no use counted and the code still good', async () => {
      const account = await server.newAccount('free');
      const { slug, templateId } = await openLeaseLink(server, account.accessToken);
      const guest = visitor(server);
      const seen = sink.messages.length;
      await guest.start(slug, { name: 'Quinn', email: 'quinn@example.test' });
      const code = await mailedCode(server, sink, 'quinn@example.test', seen);
      assert.equal((await guest.verify(slug, { email: 'quinn@example.test', code })).status, 201);
      const seenAgain = sink.messages.length;
      await guest.start(slug, { name: 'Quill', email: 'quill@example.test' });
      const second = await mailedCode(server, sink, 'quill@example.test', seenAgain);
      assertError(await guest.verify(slug, { email: 'quill@example.test', code: second }), 403, 'ENVELOPE_QUOTA_EXCEEDED');
      assert.equal(
        (await server.call('GET', `/api/v2.0/templates/${templateId}/public_link`, { token: account.accessToken })).body.data.uses,
        1,
      );
      const me = await server.call('GET', '/api/v2.0/account', { token: account.accessToken });
      assert.equal(me.body.data.envelope_quota.used_this_month, 1);
    });
  },
  { smtpSink: true, env: { PLAN_QUOTAS: 'free=1' } },
);
