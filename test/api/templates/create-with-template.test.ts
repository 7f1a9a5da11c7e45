import assert from 'node:assert/strict';
import { readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { makePdf } from '../../support/pdf-fixtures.js';
import { createTemplate, fromTemplateRequest, templateRequest } from './template-requests.js';

const codes = (body: { errors: { error_code: string; field?: string }[] }) => body.errors.map((e) => [e.error_code, e.field]);

describeOnEachDatabase('POST /envelopes/create_with_template (docs/concepts/envelopes.md)', (server) => {
  let token: string;
  let templateId: string;
  before(async () => {
    token = (await server.newAccount()).accessToken;
    templateId = (await createTemplate(server, token)).template_id;
  });

  const create = (body: unknown, accessToken = token, headers: Record<string, string> = {}) =>
    server.call('POST', '/api/v2.0/envelopes/create_with_template', { token: accessToken, body, headers });
  const blobCount = () =>
    readdirSync(join(server.dataDir, 'blobs'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;

  it("creates the envelope with 201, the roles' order and fields, and the template's defaults", async () => {
    const response = await create(fromTemplateRequest(templateId));
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.equal(response.body.message, 'Envelope created successfully.');
    const { envelope_id, recipients } = response.body.data;
    assert.deepEqual(
      recipients.signers.map((s: { email: string; status: string }) => [s.email, s.status]),
      [
        ['ada@example.test', 'Sent'],
        ['grace@example.test', 'Waiting'],
      ],
    );
    assert.equal(recipients.observers[0].email, 'alan@example.test');
    const db = server.service.ctx.db;
    const envelope = await db.selectFrom('envelopes').selectAll().where('id', '=', envelope_id).executeTakeFirstOrThrow();
    assert.deepEqual([envelope.template_id, envelope.sign_process_flow, envelope.expiration_days], [templateId, 'Sequential', 10]);
    const rows = await db
      .selectFrom('recipients')
      .select(['email', 'title', 'signing_order'])
      .where('envelope_id', '=', envelope_id)
      .orderBy('role', 'desc')
      .orderBy('position')
      .execute();
    assert.deepEqual(
      rows.map((r) => [r.email, r.title, r.signing_order]),
      [
        ['ada@example.test', 'Client', 1],
        ['grace@example.test', 'Provider', 2],
        ['alan@example.test', 'Legal', 0],
      ],
    );
    const company = await db
      .selectFrom('fields')
      .select(['default_value', 'editable'])
      .where('envelope_id', '=', envelope_id)
      .where('placeholder', '=', 'company')
      .executeTakeFirstOrThrow();
    assert.deepEqual([company.default_value, company.editable], ['Initech', 0]);
  });

  it('lets the request override the template defaults', async () => {
    const response = await create(fromTemplateRequest(templateId, { envelope: { expiration_day: 3, sign_process_flow: 'parallel' } }));
    assert.equal(response.status, 201);
    assert.deepEqual(
      response.body.data.recipients.signers.map((s: { status: string }) => s.status),
      ['Sent', 'Sent'],
    );
    const envelope = await server.service.ctx.db
      .selectFrom('envelopes')
      .select(['expiration_days', 'sign_process_flow'])
      .where('id', '=', response.body.data.envelope_id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(envelope, { expiration_days: 3, sign_process_flow: 'Parallel' });
  });

  it("shares the template's document by hash: same sha256, no new blob file", async () => {
    const template = await createTemplate(server, token, { name: 'Shared' });
    const before = blobCount();
    const response = await create(fromTemplateRequest(template.template_id));
    assert.equal(response.status, 201);
    const documents = await server.service.ctx.db
      .selectFrom('documents')
      .select('sha256')
      .where('envelope_id', '=', response.body.data.envelope_id)
      .execute();
    assert.deepEqual(
      documents.map((d) => d.sha256),
      [template.documents[0]!.sha256],
    );
    assert.equal(blobCount(), before);
  });

  describe('a template with anchor fields', () => {
    /** The NDA roles, the provider signing wherever "Sign here" occurs (on every page of these documents). */
    const anchoredTemplate = async (pages: number) => {
      const body = await templateRequest({ name: `Anchored ${pages}` });
      body.documents = [
        { name: 'anchored.pdf', content_base64: Buffer.from(await makePdf({ pages, text: 'Sign here' })).toString('base64') },
      ];
      body.roles.signers[1]!.fields = [{ type: 'signature', anchor: { text: 'Sign here', offset_y: 20 } } as never];
      const response = await server.call('POST', '/api/v2.0/templates/create', { token, body });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body.data as { template_id: string; documents: { sha256: string }[] };
    };
    const storedAnchors = async (templateId: string) =>
      (
        await server.service.ctx.db
          .selectFrom('documents')
          .select('anchors')
          .where('template_id', '=', templateId)
          .executeTakeFirstOrThrow()
      ).anchors;
    const round = (n: number) => Math.round(n * 100) / 100;
    const providerFields = async (envelopeId: string) =>
      server.service.ctx.db
        .selectFrom('fields')
        .innerJoin('recipients', 'recipients.id', 'fields.recipient_id')
        .select(['fields.page', 'fields.x', 'fields.y'])
        .where('fields.envelope_id', '=', envelopeId)
        .where('recipients.title', '=', 'Provider')
        .orderBy('fields.page')
        .execute()
        // PostgreSQL keeps coordinates as single-precision reals.
        .then((rows) => rows.map((row) => ({ page: row.page, x: round(row.x), y: round(row.y) })));
    /** Runs `action` while the document's bytes are out of the store: whatever succeeds then never read them. */
    const withoutBytes = async <T>(sha256: string, action: () => Promise<T>): Promise<T> => {
      const file = join(server.dataDir, 'blobs', sha256.slice(0, 2), sha256);
      renameSync(file, `${file}.away`);
      try {
        return await action();
      } finally {
        renameSync(`${file}.away`, file);
      }
    };

    it("places the anchors where the template found them, without reading the template's document", async () => {
      const template = await anchoredTemplate(2);
      const anchors = JSON.parse((await storedAnchors(template.template_id))!);
      assert.deepEqual(
        anchors['Sign here'].map((match: { page: number }) => match.page),
        [1, 2],
      );
      const response = await withoutBytes(template.documents[0]!.sha256, () => create(fromTemplateRequest(template.template_id)));
      assert.equal(response.status, 201, JSON.stringify(response.body));
      assert.deepEqual(
        await providerFields(response.body.data.envelope_id),
        anchors['Sign here'].map((match: { page: number; x: number; y: number }) => ({
          page: match.page,
          x: round(match.x),
          y: round(match.y + 20),
        })),
      );
    });

    it('finds the anchors of a template made before they were kept once, and keeps them for the next envelope', async () => {
      const template = await anchoredTemplate(3);
      const kept = await storedAnchors(template.template_id);
      await server.service.ctx.db.updateTable('documents').set({ anchors: null }).where('template_id', '=', template.template_id).execute();

      const first = await create(fromTemplateRequest(template.template_id));
      assert.equal(first.status, 201, JSON.stringify(first.body));
      assert.deepEqual(JSON.parse((await storedAnchors(template.template_id))!), JSON.parse(kept!));
      const second = await withoutBytes(template.documents[0]!.sha256, () => create(fromTemplateRequest(template.template_id)));
      assert.equal(second.status, 201, JSON.stringify(second.body));
      assert.deepEqual(await providerFields(second.body.data.envelope_id), await providerFields(first.body.data.envelope_id));
    });
  });

  it('rejects a signer with an empty or missing title with 400 SIGNER_TITLE_IS_REQUIRED', async () => {
    const response = await create(
      fromTemplateRequest(templateId, {
        signers: [
          { signer_title: '', name: 'Ada Lovelace', email: 'ada@example.test' },
          { name: 'Grace Hopper', email: 'grace@example.test' },
        ],
      }),
    );
    assert.equal(response.status, 400);
    assert.deepEqual(codes(response.body), [
      ['SIGNER_TITLE_IS_REQUIRED', 'recipients.signers[0].signer_title'],
      ['SIGNER_TITLE_IS_REQUIRED', 'recipients.signers[1].signer_title'],
    ]);
  });

  it('reports an unknown title, a title given twice and a role left unfilled at once', async () => {
    const response = await create(
      fromTemplateRequest(templateId, {
        signers: [
          { signer_title: 'Client', name: 'Ada Lovelace', email: 'ada@example.test' },
          { signer_title: 'Client', name: 'Grace Hopper', email: 'grace@example.test' },
          { signer_title: 'Witness', name: 'Alan Turing', email: 'alan@example.test' },
        ],
      }),
    );
    assert.equal(response.status, 400);
    assert.deepEqual(codes(response.body), [
      ['DUPLICATE_SIGNER_TITLE', 'recipients.signers[1].signer_title'],
      ['SIGNER_TITLE_NOT_FOUND', 'recipients.signers[2].signer_title'],
      ['SIGNER_ROLE_MISSING', 'recipients.signers'],
    ]);
  });

  it('rejects an unknown observer title with 400 OBSERVER_TITLE_NOT_FOUND', async () => {
    const response = await create(
      fromTemplateRequest(templateId, { observers: [{ observer_title: 'Auditor', name: 'Alan Turing', email: 'alan@example.test' }] }),
    );
    assert.equal(response.status, 400);
    assert.deepEqual(codes(response.body), [['OBSERVER_TITLE_NOT_FOUND', 'recipients.observers[0].observer_title']]);
  });

  it('rejects a form field the role lacks with 400 FORM_FIELD_NOT_FOUND', async () => {
    const response = await create(
      fromTemplateRequest(templateId, {
        signers: [
          { signer_title: 'Client', name: 'Ada Lovelace', email: 'ada@example.test' },
          {
            signer_title: 'Provider',
            name: 'Grace Hopper',
            email: 'grace@example.test',
            form_fields: [{ placeholder: 'company', default_value: 'Initech', editable: true }],
          },
        ],
      }),
    );
    assert.equal(response.status, 400);
    assert.deepEqual(codes(response.body), [['FORM_FIELD_NOT_FOUND', 'recipients.signers[1].form_fields[0].placeholder']]);
  });

  it("answers 404 TEMPLATE_NOT_FOUND for an unknown or another account's template", async () => {
    const other = await server.newAccount();
    for (const id of ['tpl_unknown', templateId]) {
      const response = await create(fromTemplateRequest(id), other.accessToken);
      assert.equal(response.status, 404);
      assert.equal(response.body.errors[0].error_code, 'TEMPLATE_NOT_FOUND');
    }
  });

  it('answers 409 TEMPLATE_INACTIVE for a deactivated template', async () => {
    const { template_id } = await createTemplate(server, token);
    await server.call('PUT', `/api/v2.0/templates/${template_id}/action/deactivate`, { token });
    const response = await create(fromTemplateRequest(template_id));
    assert.equal(response.status, 409);
    assert.equal(response.body.errors[0].error_code, 'TEMPLATE_INACTIVE');
  });

  it('rejects unknown fields with 400 UNKNOWN_FIELD', async () => {
    const body = fromTemplateRequest(templateId);
    const response = await create({ ...body, envelope: { ...body.envelope, colour: 'blue' } });
    assert.equal(response.status, 400);
    assert.deepEqual(codes(response.body), [['UNKNOWN_FIELD', 'envelope.colour']]);
  });

  it('replays a creation sent again with the same Idempotency-Key, creating one envelope', async () => {
    const body = fromTemplateRequest(templateId, { envelope: { name: 'Once' } });
    const first = await create(body, token, { 'idempotency-key': 'tpl-once' });
    const again = await create(body, token, { 'idempotency-key': 'tpl-once' });
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.body, first.body);
    const { count } = await server.service.ctx.db
      .selectFrom('envelopes')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('name', '=', 'Once')
      .executeTakeFirstOrThrow();
    assert.equal(Number(count), 1);
  });

  it('applies the monthly quota with 403 ENVELOPE_QUOTA_EXCEEDED', async () => {
    const free = await server.newAccount('free');
    const { template_id } = await createTemplate(server, free.accessToken);
    for (let i = 0; i < 25; i += 1) assert.equal((await create(fromTemplateRequest(template_id), free.accessToken)).status, 201);
    const refused = await create(fromTemplateRequest(template_id), free.accessToken);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.errors[0].error_code, 'ENVELOPE_QUOTA_EXCEEDED');
  });
});
