import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readCompletionRecord } from '@countersign/verify';
import { before, it } from 'node:test';
import { enqueueJob } from '../../../src/app/outbox.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { envelopeRequest, newSender, type Sender } from '../../support/envelopes.js';
import type { TestServer } from '../../support/test-server.js';
import { pdfText, pdfsig, withPdfFile } from '../../unit/pdf/poppler.js';
import { signBody, tokenFor, waitForCompletion } from '../signing/signing-helpers.js';

const run = promisify(execFile);

const signature = (y: number) => ({ type: 'signature', page: 1, x: 72, y, width: 160, height: 40 });

/** Every kind of step at once: the group's three members each get their own copy of its field, at one placement. */
const signers = (hostEmail: string) => [
  { name: 'Ann Approver', email: 'ann@example.test', role: 'approver' },
  { name: 'Vic Viewer', email: 'vic@example.test', role: 'viewer' },
  {
    group: {
      name: 'Directors',
      required: 2,
      members: [
        { name: 'Dora Director', email: 'dora@example.test' },
        { name: 'Dan Director', email: 'dan@example.test' },
        { name: 'Del Director', email: 'del@example.test' },
      ],
    },
    fields: [signature(140)],
  },
  {
    name: 'Sam Signer',
    email: 'sam@example.test',
    fields: [
      signature(220),
      {
        type: 'radio',
        name: 'plan',
        page: 1,
        x: 300,
        y: 220,
        width: 200,
        height: 20,
        options: ['Monthly billing', 'Yearly billing'],
        required: true,
      },
      {
        type: 'text',
        page: 1,
        x: 300,
        y: 260,
        width: 200,
        height: 20,
        required: false,
        show_if: { field: 'plan', equals: 'Yearly billing' },
      },
      {
        type: 'checkbox',
        page: 1,
        x: 300,
        y: 300,
        width: 16,
        height: 16,
        required: false,
        show_if: { field: 'plan', equals: 'Yearly billing' },
      },
    ],
  },
  { name: 'Will Witness', email: 'will@example.test', role: 'witness', witness_for: 'sam@example.test', fields: [signature(380)] },
  { name: 'Ingrid Inperson', email: 'ingrid@example.test', role: 'in_person', host_email: hostEmail, fields: [signature(460)] },
  { name: 'Ada Original', email: 'ada.original@example.test', fields: [signature(540)] },
];

const HIDDEN_VALUE = 'Hidden-answer-never-printed';
const REASON = 'On leave until the end of the quarter; Grace holds the delegation for every contract of the northern region';

interface Workflow {
  envelopeId: string;
  documentId: string;
  ids: Record<string, string>;
}

const recipientIds = async (server: TestServer, envelopeId: string): Promise<Record<string, string>> => {
  const rows = await server.service.ctx.db.selectFrom('recipients').select(['id', 'email']).where('envelope_id', '=', envelopeId).execute();
  return Object.fromEntries(rows.map((row) => [row.email.split('@')[0]!.split('.')[0]!, row.id]));
};

const fieldOf = async (server: TestServer, recipientId: string, type: string) =>
  (
    await server.service.ctx.db
      .selectFrom('fields')
      .select('id')
      .where('recipient_id', '=', recipientId)
      .where('type', '=', type)
      .executeTakeFirstOrThrow()
  ).id;

/**
 * An envelope of every workflow step: an approver, a viewer, a 2-of-3 signing group, a signer with
 * a witness, a radio field and two fields hidden by its choice, an in-person signer hosted by the
 * account's owner, and a step that may be reassigned.
 */
const workflowEnvelope = async (server: TestServer, sender: Sender): Promise<Workflow> => {
  const base = await envelopeRequest({ envelope: { allow_reassign: true }, document: { name: 'resolution.pdf', pages: 1 } });
  const body = { ...base, recipients: { ...base.recipients, signers: signers(sender.email) } };
  const created = await server.call('POST', '/api/v2.0/envelopes/create', { token: sender.token, body });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const envelopeId: string = created.body.data.envelope_id;
  return { envelopeId, documentId: created.body.data.documents[0].document_id, ids: await recipientIds(server, envelopeId) };
};

const sign = async (server: TestServer, workflow: Workflow, recipientId: string, extra: Record<string, unknown> = {}) => {
  const token = await tokenFor(server, workflow.envelopeId, recipientId);
  const signed = await server.call('POST', `/api/v2.0/signing/${token}/sign`, { body: signBody(extra) });
  assert.equal(signed.status, 200, JSON.stringify(signed.body));
};

/** Ada hands her step to Bob, who hands it to Grace with a reason: the step keeps its row, and the chain is recorded. */
const reassignTwice = async (server: TestServer, workflow: Workflow) => {
  for (const handOver of [
    { name: 'Bob Second', email: 'bob.second@example.test' },
    { name: 'Grace Deputy', email: 'grace.deputy@example.test', reason: REASON },
  ]) {
    const token = await tokenFor(server, workflow.envelopeId, workflow.ids.ada!);
    const reassigned = await server.call('POST', `/api/v2.0/signing/${token}/reassign`, { body: handOver });
    assert.equal(reassigned.status, 200, JSON.stringify(reassigned.body));
  }
};

/** The approver approves from a browser of their own; the viewer fetches the one document. */
const approveAndView = async (server: TestServer, workflow: Workflow) => {
  const approverToken = await tokenFor(server, workflow.envelopeId, workflow.ids.ann!);
  const approved = await server.call('POST', `/api/v2.0/signing/${approverToken}/approve`, {
    body: { consent: true },
    headers: { 'user-agent': 'Approver-Browser/1.0' },
  });
  assert.equal(approved.status, 200, JSON.stringify(approved.body));
  const viewerToken = await tokenFor(server, workflow.envelopeId, workflow.ids.vic!);
  const viewed = await server.call('GET', `/api/v2.0/signing/${viewerToken}/documents/${workflow.documentId}`);
  assert.equal(viewed.status, 200);
};

/** The host opens the in-person signing from the console's in_person_url and the signer signs on that device. */
const signInPerson = async (server: TestServer, workflow: Workflow, sender: Sender) => {
  const issued = await server.call('POST', `/api/v2.0/envelopes/${workflow.envelopeId}/recipients/${workflow.ids.ingrid!}/in_person_url`, {
    token: sender.token,
  });
  assert.equal(issued.status, 201, JSON.stringify(issued.body));
  const token = /\/sign\/([^?]+)\?in_person=1$/.exec(issued.body.data.url)?.[1];
  assert.ok(token, issued.body.data.url);
  const signed = await server.call('POST', `/api/v2.0/signing/${token}/sign`, { body: signBody() });
  assert.equal(signed.status, 200, JSON.stringify(signed.body));
};

const sealedBytes = async (server: TestServer, workflow: Workflow, sender: Sender) => {
  const download = await server.call('GET', `/api/v2.0/envelopes/${workflow.envelopeId}/${workflow.documentId}/download`, {
    token: sender.token,
  });
  assert.equal(download.status, 200, JSON.stringify(download.body));
  return new Uint8Array(Buffer.from(download.body.data.content_base64, 'base64'));
};

describeOnEachDatabase(
  'sealing a workflow envelope (docs/verification.md)',
  (server, sink) => {
    let sender: Sender;
    let workflow: Workflow;
    let sealed: Uint8Array;
    let pages: string[];
    let lateMember: { status: number; body: { errors?: { error_code: string }[] } };

    before(async () => {
      sender = await newSender(server);
      workflow = await workflowEnvelope(server, sender);
      const { ids } = workflow;
      await approveAndView(server, workflow);
      await sign(server, workflow, ids.dora!);
      await sign(server, workflow, ids.dan!);
      const lateToken = await tokenFor(server, workflow.envelopeId, ids.del!);
      lateMember = await server.call('POST', `/api/v2.0/signing/${lateToken}/sign`, { body: signBody() });
      await sign(server, workflow, ids.sam!, {
        fields: [{ field_id: await fieldOf(server, ids.sam!, 'radio'), value: 'Monthly billing' }],
      });
      // What a stored value of a hidden field would be: never printed, whatever the row holds.
      await server.service.ctx.db
        .updateTable('fields')
        .set({ value: HIDDEN_VALUE })
        .where('id', '=', await fieldOf(server, ids.sam!, 'text'))
        .execute();
      await sign(server, workflow, ids.will!);
      await signInPerson(server, workflow, sender);
      await reassignTwice(server, workflow);
      await sign(server, workflow, ids.ada!);
      assert.equal((await waitForCompletion(server, workflow.envelopeId, 60_000)).status, 'Completed');
      sealed = await sealedBytes(server, workflow, sender);
      pages = (await pdfText(sealed)).split('\f').map((page) => page.replace(/\s+/g, ' '));
    });

    it('seals the document and the standalone certificate so that pdfsig finds them valid and unmodified', async () => {
      const certificate = await server.service.ctx.db
        .selectFrom('documents')
        .select('sealed_sha256')
        .where('envelope_id', '=', workflow.envelopeId)
        .where('position', '=', 0)
        .executeTakeFirstOrThrow();
      const standalone = await server.service.ctx.blobs.get(certificate.sealed_sha256!);
      assert.ok(standalone, 'the sealed certificate is stored');
      for (const file of [sealed, standalone]) {
        const report = await pdfsig(file);
        assert.match(report, /Signature Validation: Signature is Valid\./, report);
        assert.match(report, /Total document signed/, report);
      }
    });

    it('names in the embedded completion record the people whose signatures the documents hold', async () => {
      const record = await readCompletionRecord(sealed);
      assert.deepEqual(record?.signers.map((signer) => signer.email).sort(), [
        'dan@example.test',
        'dora@example.test',
        'grace.deputy@example.test',
        'ingrid@example.test',
        'sam@example.test',
        'will@example.test',
      ]);
    });

    it("answered 409 GROUP_COMPLETE to the member whose group was done, and stamps only the first member's copy", async () => {
      assert.equal(lateMember.status, 409, JSON.stringify(lateMember.body));
      assert.equal(lateMember.body.errors?.[0]?.error_code, 'GROUP_COMPLETE');
      // One signature image per stamped signature field: Dora (the group's first), Sam, Will, Ingrid and Grace.
      const images = await withPdfFile(sealed, async (path) => (await run('pdfimages', ['-list', '-f', '1', '-l', '1', path])).stdout);
      assert.equal(images.trim().split('\n').slice(2).length, 5, images);
    });

    it('stamps the chosen radio option and none of the fields its choice hid', () => {
      const documentPage = pages[0]!;
      assert.ok(documentPage.includes('Monthly billing'), documentPage);
      assert.ok(!documentPage.includes('Yearly billing'), 'only the chosen option is printed');
      assert.ok(!pages.join(' ').includes(HIDDEN_VALUE), 'the hidden field is not printed anywhere');
    });

    it('words every step on the certificate: approved, viewed, the group, the witness pair, the host and the chain', () => {
      const certificate = pages.slice(1).join(' ');
      for (const expected of [
        'Ann Approver <ann@example.test>',
        'Role: Approver',
        'Approved: ',
        'User agent: Approver-Browser/1.0',
        'Role: Viewer',
        'Viewed every document: ',
        'Directors: 2 of 3 required',
        'Signed for the group: Dora Director <dora@example.test>',
        'Signed for the group: Dan Director <dan@example.test>',
        'Not needed: Del Director <del@example.test>',
        'Witnessed Sam Signer <sam@example.test>',
        'Witnessed by Will Witness <will@example.test>',
        'Role: In-person signer',
        `Signed in person, hosted by `,
        `<${sender.email}>`,
        'Reassigned from Ada Original <ada.original@example.test> to Bob Second <bob.second@example.test> on ',
        'Reassigned from Bob Second <bob.second@example.test> to Grace Deputy <grace.deputy@example.test> on ',
        REASON,
      ]) {
        assert.ok(certificate.includes(expected), `the certificate says "${expected}": ${certificate}`);
      }
      assert.ok(certificate.indexOf('Will Witness <will@example.test> Role') > certificate.indexOf('Sam Signer <sam@example.test> Role'));
    });

    it('does not seal while a step is open: the signer signed, the approver has not approved', async () => {
      const base = await envelopeRequest({ document: { name: 'memo.pdf', pages: 1 } });
      const body = {
        ...base,
        recipients: {
          signers: [
            { name: 'Ann Approver', email: 'ann@example.test', role: 'approver' },
            { name: 'Sam Signer', email: 'sam@example.test', fields: [signature(220)] },
          ],
        },
      };
      const created = await server.call('POST', '/api/v2.0/envelopes/create', { token: sender.token, body });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const envelopeId: string = created.body.data.envelope_id;
      const ids = await recipientIds(server, envelopeId);
      await sign(server, { envelopeId, documentId: '', ids }, ids.sam!);
      await server.service.ctx.db.transaction().execute((trx) => enqueueJob(server.service.ctx, trx, 'complete-envelope', { envelopeId }));
      await server.service.worker.drain();
      const row = await server.service.ctx.db
        .selectFrom('envelopes')
        .select('status')
        .where('id', '=', envelopeId)
        .executeTakeFirstOrThrow();
      assert.equal(row.status, 'InProgress');
    });

    it('mails the sealed copy to everyone who took part, not to the member who was not needed nor to the people the step left', async () => {
      await server.service.worker.drain();
      const addresses = sink.messages
        .filter((m) => (m.attachments ?? []).some((a) => a.filename === 'Certificate of Completion.pdf'))
        .flatMap((m) => (Array.isArray(m.to) ? m.to : [m.to]).flatMap((to) => to?.value.map((v) => v.address) ?? []));
      for (const email of [
        'ann@example.test',
        'vic@example.test',
        'dora@example.test',
        'dan@example.test',
        'sam@example.test',
        'will@example.test',
        'ingrid@example.test',
        'grace.deputy@example.test',
        'alan@example.test',
        sender.email,
      ]) {
        assert.ok(addresses.includes(email), `${email} gets the sealed copy: ${addresses.join(', ')}`);
      }
      for (const email of ['del@example.test', 'ada.original@example.test', 'bob.second@example.test']) {
        assert.ok(!addresses.includes(email), `${email} gets no copy`);
      }
    });
  },
  { smtpSink: true },
);
