import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { updateAccount } from '../../../src/app/accounts/update-account.js';
import { readReferencedHashes } from '../../../src/infra/db/tables/blob-references.js';
import { sha256Hex } from '../../../src/infra/hash.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { envelopeRequest } from '../../support/envelopes.js';
import { runMaintenanceAfterGracePeriod } from '../../support/maintenance.js';
import { createTemplate } from '../templates/template-requests.js';

const codes = (body: { errors: { error_code: string }[] }) => body.errors.map((e) => e.error_code);
const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;
const recipientOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text ?? '';

/** A composer request whose signers have no fields yet. */
const draftRequest = async () => {
  const body = await envelopeRequest();
  return {
    ...body,
    recipients: { ...body.recipients, signers: body.recipients.signers.map(({ fields: _fields, ...signer }) => signer) },
  };
};

const signature = (page: number) => ({ type: 'signature', page, x: 72, y: 600, width: 160, height: 40 });

describeOnEachDatabase(
  'Embedded builders: edit and sender URLs, the builder API and its page',
  (server, sink) => {
    let account: Awaited<ReturnType<typeof server.newAccount>>;
    let token: string;

    before(async () => {
      account = await server.newAccount();
      token = account.accessToken;
    });

    const builder = (method: string, path: string, body?: unknown) =>
      server.call(method, `/api/v2.0/builder/${path}`, { noAppAuthType: true, ...(body !== undefined ? { body } : {}) });
    const editUrl = (templateId: string, as = token) =>
      server.call('POST', `/api/v2.0/templates/${templateId}/generate_edit_url`, { token: as });
    const senderUrl = async (body?: unknown, as = token) =>
      server.call('POST', '/api/v2.0/envelopes/generate_sender_url', { token: as, body: body ?? (await draftRequest()) });
    const openedSession = async (url: string) => (await builder('GET', tokenOf(url))).body.data.session_token as string;

    it('issues a single-use template editor URL valid 10 minutes, stored hashed', async () => {
      const { template_id } = await createTemplate(server, token);
      const response = await editUrl(template_id);
      assert.equal(response.status, 201, JSON.stringify(response.body));
      const { url, expires_at } = response.body.data;
      assert.match(new URL(url).pathname, /^\/embed\/template\/cs_bt_[\w-]+$/);
      assert.ok(url.startsWith(server.service.ctx.config.publicUrl));
      assert.equal(expires_at, new Date(server.clock.now().getTime() + 600_000).toISOString());
      const stored = await server.service.ctx.db
        .selectFrom('builder_tokens')
        .selectAll()
        .where('token_hash', '=', sha256Hex(tokenOf(url)))
        .executeTakeFirstOrThrow();
      assert.deepEqual([stored.kind, stored.purpose, stored.template_id, stored.used_at], ['template', 'url', template_id, null]);
    });

    it('exchanges the URL token for a session once; the session keeps working after the URL token is spent', async () => {
      const { template_id } = await createTemplate(server, token);
      const urlToken = tokenOf((await editUrl(template_id)).body.data.url);
      const opened = await builder('GET', urlToken);
      assert.equal(opened.status, 200, JSON.stringify(opened.body));
      const { session_token, kind, expires_at, template } = opened.body.data;
      assert.equal(kind, 'template');
      assert.notEqual(session_token, urlToken);
      assert.equal(expires_at, new Date(server.clock.now().getTime() + 3600_000).toISOString());
      assert.equal(template.template_id, template_id);
      assert.equal(template.roles.signers[0].signer_title, 'Client');
      assert.equal(template.documents[0].page_count, 2);

      const again = await builder('GET', urlToken);
      assert.equal(again.status, 404);
      assert.deepEqual(codes(again.body), ['BUILDER_TOKEN_NOT_FOUND']);
      const reload = await builder('GET', session_token);
      assert.equal(reload.status, 200);
      assert.equal(reload.body.data.session_token, session_token);
      assert.deepEqual(reload.body.data.template, template);

      const documentId = template.documents[0].document_id;
      const pdf = await fetch(`${server.url}/api/v2.0/builder/${session_token}/documents/${documentId}`);
      assert.equal(pdf.status, 200);
      assert.equal(pdf.headers.get('content-type'), 'application/pdf');
      assert.equal(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
        '%PDF-',
      );
      assert.equal((await builder('GET', `${urlToken}/documents/${documentId}`)).status, 404);
      assert.equal((await builder('GET', `${session_token}/documents/doc_unknown`)).status, 404);
    });

    it('answers 404 BUILDER_TOKEN_NOT_FOUND for a URL token past its 10 minutes, and for a session past its hour', async () => {
      const { template_id } = await createTemplate(server, token);
      const late = tokenOf((await editUrl(template_id)).body.data.url);
      const early = tokenOf((await editUrl(template_id)).body.data.url);
      server.clock.advanceSeconds(599);
      const session = (await builder('GET', early)).body.data.session_token;
      server.clock.advanceSeconds(1);
      const expired = await builder('GET', late);
      assert.equal(expired.status, 404);
      assert.deepEqual(codes(expired.body), ['BUILDER_TOKEN_NOT_FOUND']);
      server.clock.advanceSeconds(3598);
      assert.equal((await builder('GET', session)).status, 200);
      server.clock.advanceSeconds(1);
      assert.equal((await builder('GET', session)).status, 404);
      assert.equal((await builder('GET', 'cs_bt_unknown')).status, 404);
      // The hour passed for the account's access token too.
      account = await server.newAccount();
      token = account.accessToken;
    });

    it('saves the template’s roles from the editor, checked as PUT /templates checks them', async () => {
      const { template_id } = await createTemplate(server, token);
      const session = await openedSession((await editUrl(template_id)).body.data.url);
      const roles = { signers: [{ signer_title: 'Client', signing_order: 1, fields: [signature(2)] }], observers: [] };
      const saved = await builder('PUT', `${session}/template`, { roles });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.deepEqual(saved.body.data.roles, roles);
      const read = await server.call('GET', `/api/v2.0/templates/${template_id}`, { token });
      assert.deepEqual(read.body.data.roles, roles);
      const bad = await builder('PUT', `${session}/template`, { roles: { signers: [{ signer_title: 'Client', fields: [signature(9)] }] } });
      assert.equal(bad.status, 400);
      assert.deepEqual(codes(bad.body), ['INVALID_FIELD_PAGE']);
      const send = await builder('POST', `${session}/send`, { signers: [] });
      assert.equal(send.status, 409);
      assert.deepEqual(codes(send.body), ['BUILDER_KIND_MISMATCH']);
    });

    it("answers 404 TEMPLATE_NOT_FOUND for an edit URL of another account's template", async () => {
      const { template_id } = await createTemplate(server, token);
      const other = (await server.newAccount()).accessToken;
      const response = await editUrl(template_id, other);
      assert.equal(response.status, 404);
      assert.deepEqual(codes(response.body), ['TEMPLATE_NOT_FOUND']);
    });

    it('issues a composer URL for a create body without fields, and its builder shows the draft', async () => {
      const response = await senderUrl();
      assert.equal(response.status, 201, JSON.stringify(response.body));
      assert.match(new URL(response.body.data.url).pathname, /^\/embed\/compose\/cs_bt_[\w-]+$/);
      const opened = await builder('GET', tokenOf(response.body.data.url));
      assert.equal(opened.status, 200, JSON.stringify(opened.body));
      const { kind, draft, session_token } = opened.body.data;
      assert.equal(kind, 'compose');
      assert.equal(draft.envelope.name, 'Sales agreement');
      assert.deepEqual(draft.settings, { sign_process_flow: 'Parallel' });
      assert.deepEqual(
        draft.signers.map((s: { index: number; name: string; email: string; fields: unknown[] }) => [s.index, s.name, s.email, s.fields]),
        [
          [0, 'Ada Lovelace', 'ada@example.test', []],
          [1, 'Grace Hopper', 'grace@example.test', []],
        ],
      );
      assert.deepEqual(draft.observers, [{ name: 'Alan Turing', email: 'alan@example.test' }]);
      assert.equal(draft.documents[0].page_count, 2);
      assert.equal(draft.envelope_id, null);
      const pdf = await fetch(`${server.url}/api/v2.0/builder/${session_token}/documents/${draft.documents[0].document_id}`);
      assert.equal(pdf.status, 200);
      const saveTemplate = await builder('PUT', `${session_token}/template`, { roles: { signers: [{ signer_title: 'X' }] } });
      assert.equal(saveTemplate.status, 409);
      assert.deepEqual(codes(saveTemplate.body), ['BUILDER_KIND_MISMATCH']);
    });

    it('answers an invalid sender URL body with the very errors of POST /envelopes/create', async () => {
      const body = await envelopeRequest({
        envelope: { expiration_days: 0 },
        signers: [
          { name: 'Ada', email: 'ada@example.test' },
          { name: 'Ada again', email: 'ada@example.test' },
        ],
      });
      const create = await server.call('POST', '/api/v2.0/envelopes/create', { token, body });
      const sender = await senderUrl(body);
      assert.equal(create.status, 400);
      assert.deepEqual([sender.status, sender.body], [create.status, create.body]);
      const placement = await envelopeRequest({ signers: [{ name: 'Ada', email: 'ada@example.test', fields: [signature(5)] }] });
      const createPlacement = await server.call('POST', '/api/v2.0/envelopes/create', { token, body: placement });
      const senderPlacement = await senderUrl(placement);
      assert.equal(createPlacement.status, 400);
      assert.deepEqual([senderPlacement.status, senderPlacement.body], [createPlacement.status, createPlacement.body]);
    });

    it('sends the envelope from the composer: the signer gets the invitation; a second Send is 409 BUILDER_ALREADY_SENT', async () => {
      const session = await openedSession((await senderUrl()).body.data.url);
      sink.clear();
      const sent = await builder('POST', `${session}/send`, {
        signers: [
          { index: 0, fields: [signature(1)] },
          { email: 'GRACE@example.test', fields: [signature(2), { type: 'date_signed', page: 2, x: 300, y: 600, width: 100, height: 20 }] },
        ],
      });
      assert.equal(sent.status, 201, JSON.stringify(sent.body));
      const envelopeId = sent.body.data.envelope_id;
      assert.match(envelopeId, /^env_/);
      const details = await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/details`, { token });
      assert.equal(details.status, 200);
      assert.equal(details.body.data.status, 'Sent');
      assert.deepEqual(
        details.body.data.recipients.signers.map((s: { email: string }) => s.email),
        ['ada@example.test', 'grace@example.test'],
      );
      await sink.waitFor((mail) => recipientOf(mail).includes('ada@example.test') && /to sign/.test(mail.subject ?? ''));

      const again = await builder('POST', `${session}/send`, { signers: [] });
      assert.equal(again.status, 409);
      assert.deepEqual(codes(again.body), ['BUILDER_ALREADY_SENT']);
      assert.equal((await builder('GET', session)).body.data.draft.envelope_id, envelopeId);
    });

    it('answers a Send with bad fields or an unknown signer with 400, and leaves the draft sendable', async () => {
      const session = await openedSession((await senderUrl()).body.data.url);
      const bad = await builder('POST', `${session}/send`, { signers: [{ index: 0, fields: [signature(7)] }] });
      assert.equal(bad.status, 400);
      assert.deepEqual(codes(bad.body), ['INVALID_FIELD_PAGE']);
      const unknown = await builder('POST', `${session}/send`, {
        signers: [
          { email: 'nobody@example.test', fields: [] },
          { index: 9, fields: [] },
        ],
      });
      assert.equal(unknown.status, 400);
      assert.deepEqual(codes(unknown.body), ['BUILDER_SIGNER_NOT_FOUND', 'BUILDER_SIGNER_NOT_FOUND']);
      const sent = await builder('POST', `${session}/send`, { signers: [{ index: 0, fields: [signature(1)] }] });
      assert.equal(sent.status, 201, JSON.stringify(sent.body));
    });

    it('counts the quota at the Send, not when the URL is generated', async () => {
      const free = await server.newAccount('free');
      const sessions: string[] = [];
      for (let i = 0; i < 3; i++) {
        const issued = await senderUrl(undefined, free.accessToken);
        assert.equal(issued.status, 201, JSON.stringify(issued.body));
        sessions.push(await openedSession(issued.body.data.url));
      }
      for (const session of sessions.slice(0, 2)) assert.equal((await builder('POST', `${session}/send`, { signers: [] })).status, 201);
      const over = await builder('POST', `${sessions[2]}/send`, { signers: [] });
      assert.equal(over.status, 403);
      assert.deepEqual(codes(over.body), ['ENVELOPE_QUOTA_EXCEEDED']);
    });

    it('keeps the blobs of a draft not sent yet from the blob collector', async () => {
      const opened = await builder('GET', tokenOf((await senderUrl()).body.data.url));
      const documentId = opened.body.data.draft.documents[0].document_id;
      const { sha256 } = await server.service.ctx.db
        .selectFrom('builder_draft_documents')
        .select('sha256')
        .where('id', '=', documentId)
        .executeTakeFirstOrThrow();
      assert.ok((await readReferencedHashes(server.service.ctx.db, [sha256])).has(sha256));
    });

    it('forgets a draft never sent once a day has passed, and with it its documents', async () => {
      const opened = await builder('GET', tokenOf((await senderUrl()).body.data.url));
      const documentId = opened.body.data.draft.documents[0].document_id;
      const db = server.service.ctx.db;
      const { draft_id } = await db
        .selectFrom('builder_draft_documents')
        .select('draft_id')
        .where('id', '=', documentId)
        .executeTakeFirstOrThrow();
      await runMaintenanceAfterGracePeriod(server.service.ctx, server.clock);
      assert.equal(await db.selectFrom('builder_drafts').select('id').where('id', '=', draft_id).executeTakeFirst(), undefined);
      assert.equal(await db.selectFrom('builder_draft_documents').select('id').where('id', '=', documentId).executeTakeFirst(), undefined);
    });

    it('frames the builder page only from the account’s frame_ancestors, looked up without spending the token', async () => {
      await updateAccount(server.service.ctx, account.account_id, { frameAncestors: ['https://crm.example.test'] });
      const { template_id } = await createTemplate(server, token);
      const url = new URL((await editUrl(template_id)).body.data.url);
      const page = await server.call('GET', url.pathname, { noAppAuthType: true, headers: { accept: 'text/html' } });
      assert.equal(page.status, 200);
      assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(page.headers.get('content-security-policy') ?? '', /frame-ancestors https:\/\/crm\.example\.test(;|$)/);
      assert.equal((await builder('GET', tokenOf(url.href))).status, 200, 'serving the page spent nothing');
      const unknown = await server.call('GET', '/embed/compose/cs_bt_unknown', { noAppAuthType: true, headers: { accept: 'text/html' } });
      assert.match(unknown.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    });
  },
  { smtpSink: true, env: { PLAN_QUOTAS: 'free=2' } },
);
