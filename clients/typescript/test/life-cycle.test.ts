import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, it } from 'node:test';
import { signBody, tokenFor, waitForCompletion } from '../../../test/api/signing/signing-helpers.js';
import { describeOnEachDatabase } from '../../../test/support/api-suite.js';
import { makePdf } from '../../../test/support/pdf-fixtures.js';
import { CountersignClient, type OperationInput } from '../src/index.js';

type Body<K extends 'createTemplate' | 'createEnvelopeWithTemplate' | 'signEnvelope'> = Extract<
  OperationInput<K>,
  { body: unknown }
>['body'];

/** An NDA template: two signers in order, a signature field each. */
const ndaTemplate = async (name = 'NDA'): Promise<Body<'createTemplate'>> => ({
  template: { name, sign_process_flow: 'Sequential', expiration_days: 10 },
  documents: [{ name: 'nda.pdf', content_base64: Buffer.from(await makePdf({ pages: 2 })).toString('base64') }],
  roles: {
    signers: [
      { signer_title: 'Client', signing_order: 1, fields: [{ type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 }] },
      { signer_title: 'Provider', signing_order: 2, fields: [{ type: 'signature', page: 2, x: 72, y: 600, width: 160, height: 40 }] },
    ],
    observers: [{ observer_title: 'Legal' }],
  },
});

const fromTemplate = (templateId: string): Body<'createEnvelopeWithTemplate'> => ({
  template_id: templateId,
  envelope: { name: 'NDA with Initech' },
  recipients: {
    signers: [
      { signer_title: 'Client', name: 'Ada Lovelace', email: 'ada@example.test' },
      { signer_title: 'Provider', name: 'Grace Hopper', email: 'grace@example.test' },
    ],
    observers: [{ observer_title: 'Legal', name: 'Alan Turing', email: 'alan@example.test' }],
  },
});

describeOnEachDatabase('an envelope life-cycle through @countersign/client only', (server) => {
  let client: CountersignClient;
  const requests: string[] = [];

  before(async () => {
    const account = await server.newAccount();
    client = new CountersignClient({
      baseUrl: server.url,
      clientId: account.client_id,
      clientSecret: account.client_secret,
      fetch: (input, init) => {
        requests.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
        return fetch(input, init);
      },
    });
  });

  it('logs in on the first call, creates from a template with an idempotency key (a replay creates nothing), pages, signs, and downloads the sealed PDF that the verify check accepts', async () => {
    const template = await client.createTemplate({ body: await ndaTemplate() });
    assert.match(template.template_id, /^tpl_/);
    assert.equal(requests[0], 'POST /api/v2.0/authorization/token');

    const idempotencyKey = randomUUID();
    const created = await client.createEnvelopeWithTemplate({ body: fromTemplate(template.template_id) }, { idempotencyKey });
    const replayed = await client.createEnvelopeWithTemplate({ body: fromTemplate(template.template_id) }, { idempotencyKey });
    assert.equal(replayed.envelope_id, created.envelope_id);
    for (let i = 0; i < 4; i++) await client.createEnvelopeWithTemplate({ body: fromTemplate(template.template_id) });

    const pages = [];
    for await (const page of client.paginate.listEnvelopes({ body: { page_size: 2 } })) pages.push(page);
    assert.deepEqual(
      pages.map((page) => [page.page, page.envelopes.length, page.total]),
      [
        [1, 2, 5],
        [2, 2, 5],
        [3, 1, 5],
      ],
    );
    const listed = pages.flatMap((page) => page.envelopes.map((envelope) => envelope.envelope_id));
    assert.equal(new Set(listed).size, 5);
    assert.ok(listed.includes(created.envelope_id));

    const details = await client.getEnvelopeDetails({ envelopeId: created.envelope_id });
    assert.equal(details.status, 'Sent');
    for (const signer of details.recipients.signers) {
      assert.ok('recipient_id' in signer, 'a person, not a signing group');
      const signingCode = await tokenFor(server, created.envelope_id, signer.recipient_id);
      const signed = await client.signEnvelope({ signingCode, body: signBody() as Body<'signEnvelope'> });
      assert.ok(signed);
    }
    await waitForCompletion(server, created.envelope_id);
    const completed = await client.getEnvelopeDetails({ envelopeId: created.envelope_id });
    assert.equal(completed.status, 'Completed');

    const documentId = completed.documents[0]!.document_id;
    const pdf = await client.downloadDocument({ envelopeId: created.envelope_id, documentId }, { accept: 'application/pdf' });
    assert.ok(pdf instanceof Uint8Array);
    assert.equal(new TextDecoder().decode(pdf.subarray(0, 5)), '%PDF-');
    const asJson = await client.downloadDocument({ envelopeId: created.envelope_id, documentId });
    assert.equal(asJson.signed, true);
    assert.deepEqual(Buffer.from(asJson.content_base64, 'base64'), Buffer.from(pdf));

    const check = await fetch(`${server.url}/verify/${created.envelope_id}/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: new Blob([pdf]),
    });
    const verdict = (await check.json()) as { data: { match: boolean; seal: { valid: boolean } } };
    assert.equal(check.status, 200);
    assert.equal(verdict.data.match, true);
    assert.equal(verdict.data.seal.valid, true);
    assert.equal(requests.filter((request) => request.endsWith('/authorization/token')).length, 1);
  });

  it('pages through a list taking its page in the query (templates)', async () => {
    for (let i = 0; i < 2; i++) await client.createTemplate({ body: await ndaTemplate(`NDA ${i}`) });
    const pages = [];
    for await (const page of client.paginate.listTemplates({ query: { pageSize: 2 } })) pages.push(page);
    assert.deepEqual(
      pages.map((page) => page.templates.length),
      [2, 1],
    );
  });

  it('uploads a PDF as multipart/form-data and creates an envelope from its file_id', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await makePdf({ pages: 1 }))], { type: 'application/pdf' }), 'offer.pdf');
    const uploaded = await client.uploadEnvelopeFile({ body: form }, { idempotencyKey: randomUUID() });
    assert.deepEqual(
      uploaded.files.map((file) => [file.name, file.pages]),
      [['offer.pdf', 1]],
    );
    const created = await client.createEnvelopeWithFiles({
      body: {
        envelope: { name: 'Offer' },
        file_ids: [uploaded.files[0]!.file_id],
        recipients: {
          signers: [
            {
              name: 'Ada Lovelace',
              email: 'ada@example.test',
              fields: [{ type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 }],
            },
          ],
        },
      },
    });
    assert.deepEqual(
      (await client.getEnvelopeDetails({ envelopeId: created.envelope_id })).documents.map((document) => document.name),
      ['offer.pdf'],
    );
  });
});
