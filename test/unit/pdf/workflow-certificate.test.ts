import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PDF } from '@libpdf/core';
import { renderCertificate, type CertificateInput, type CertificateRecipient } from '../../../src/infra/pdf/certificate-page.js';
import { makePng } from '../../support/pdf-fixtures.js';
import { pdfText, pdfWords } from './poppler.js';

const recipient = (name: string, overrides: Partial<CertificateRecipient> = {}): CertificateRecipient => ({
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.test`,
  role: 'signer',
  signerRole: 'signer',
  status: 'Signed',
  language: 'en',
  sentAt: '2026-11-20T09:00:00.000Z',
  viewedAt: '2026-11-20T09:05:00.000Z',
  consentedAt: '2026-11-20T09:06:00.000Z',
  signedAt: '2026-11-20T09:07:00.000Z',
  declinedAt: null,
  ipAddress: '203.0.113.7',
  userAgent: 'Mozilla/5.0',
  location: null,
  signaturePng: makePng(240, 80),
  ...overrides,
});

const LONG_REASON =
  'On parental leave until the end of the quarter; my deputy Grace handles every contract of the northern region meanwhile, including this one, and has the authority to sign it';

const workflowInput = (): CertificateInput => ({
  envelopeId: 'env_workflows',
  envelopeName: 'Board resolution',
  createdAt: '2026-11-20T08:00:00.000Z',
  completedAt: '2026-11-20T10:00:00.000Z',
  recipients: [
    recipient('Ann Approver', {
      signerRole: 'approver',
      status: 'Approved',
      approvedAt: '2026-11-20T09:10:00.000Z',
      signedAt: null,
      signaturePng: null,
    }),
    recipient('Vic Viewer', {
      signerRole: 'viewer',
      status: 'Viewed',
      viewedAt: '2026-11-20T09:11:00.000Z',
      signedAt: null,
      signaturePng: null,
    }),
    recipient('Dora Director', { groupId: 'grp_1', signedAt: '2026-11-20T09:20:00.000Z' }),
    recipient('Dan Director', { groupId: 'grp_1', signedAt: '2026-11-20T09:21:00.000Z' }),
    recipient('Del Director', {
      groupId: 'grp_1',
      status: 'NotNeeded',
      notNeededAt: '2026-11-20T09:21:00.000Z',
      signedAt: null,
      signaturePng: null,
    }),
    recipient('Sam Signer', { witnessedBy: [{ name: 'Will Witness', email: 'will@example.test' }] }),
    recipient('Will Witness', { signerRole: 'witness', witnessOf: { name: 'Sam Signer', email: 'sam@example.test' } }),
    recipient('Ingrid Inperson', { signerRole: 'in_person', host: { name: 'Hank Host', email: 'hank@example.test' } }),
    recipient('Grace Deputy', {
      delegations: [
        {
          from: { name: 'Ada Original', email: 'ada@example.test' },
          to: { name: 'Bob Second', email: 'bob@example.test' },
          reason: null,
          at: '2026-11-20T09:01:00.000Z',
        },
        {
          from: { name: 'Bob Second', email: 'bob@example.test' },
          to: { name: 'Grace Deputy', email: 'grace@example.test' },
          reason: LONG_REASON,
          at: '2026-11-20T09:02:00.000Z',
        },
      ],
    }),
  ],
  groups: [{ id: 'grp_1', name: 'Directors', required: 2 }],
  documents: [{ name: 'resolution.pdf', sha256Original: 'a'.repeat(64), sha256Sealed: null }],
  ledgerHeadHash: 'd'.repeat(64),
  verificationUrl: 'https://sign.example.test/verify/env_workflows',
});

const folded = (text: string) => text.replace(/\s+/g, ' ');

describe('renderCertificate: workflows', () => {
  it('words each step by its role: approved, viewed every document, signed in person with the host, witness pairs', async () => {
    const text = folded(await pdfText(await renderCertificate(workflowInput())));
    for (const expected of [
      'Role: Approver',
      'Approved: 20 November 2026, 09:10:00 UTC',
      'Role: Viewer',
      'Viewed every document: 20 November 2026, 09:11:00 UTC',
      'Role: In-person signer',
      'Signed in person, hosted by Hank Host <hank@example.test>',
      'Role: Witness',
      'Witnessed Sam Signer <sam@example.test>',
      'Witnessed by Will Witness <will@example.test>',
    ]) {
      assert.ok(text.includes(expected), `the certificate says "${expected}"`);
    }
    assert.ok(!/Ann Approver.*?Signed: .*?Vic Viewer/.test(text), 'an approver is not said to have signed');
  });

  it("prints a signing group's block before its members: k of n required, who signed for it and who was not needed", async () => {
    const text = folded(await pdfText(await renderCertificate(workflowInput())));
    const block = text.indexOf('Directors: 2 of 3 required');
    assert.ok(block >= 0, text);
    assert.ok(block < text.indexOf('Dora Director <dora@example.test> Role'), 'the block leads the first member');
    assert.ok(text.includes('Signed for the group: Dora Director <dora@example.test>, 20 November 2026, 09:20:00 UTC'));
    assert.ok(text.includes('Signed for the group: Dan Director <dan@example.test>, 20 November 2026, 09:21:00 UTC'));
    assert.ok(text.includes('Not needed: Del Director <del@example.test>'));
    assert.ok(text.includes('Signing group: Directors'));
    assert.match(
      text,
      /Del Director <del@example\.test> .*?Not needed: 20 November 2026, 09:21:00 UTC, the group already had the signatures it needed/,
    );
  });

  it('lists the chain of reassignments, oldest first, with the reason wrapped inside the page', async () => {
    const certificate = await renderCertificate(workflowInput());
    const text = folded(await pdfText(certificate));
    const first = text.indexOf(
      'Reassigned from Ada Original <ada@example.test> to Bob Second <bob@example.test> on 20 November 2026, 09:01:00 UTC',
    );
    const second = text.indexOf(
      'Reassigned from Bob Second <bob@example.test> to Grace Deputy <grace@example.test> on 20 November 2026, 09:02:00 UTC:',
    );
    assert.ok(first >= 0 && second > first, text);
    assert.ok(text.includes(LONG_REASON));
    const width = (await PDF.load(certificate)).getPage(0)!.width;
    for (const word of await pdfWords(certificate)) assert.ok(word.xMax <= width - 40, `"${word.text}" ends at ${word.xMax} of ${width}`);
  });

  it("writes each recipient's workflow sentences in their language", async () => {
    const input = workflowInput();
    input.recipients = input.recipients.map((r) => ({ ...r, language: 'de' as const }));
    const text = folded(await pdfText(await renderCertificate(input)));
    assert.ok(text.includes('Vor Ort unterschrieben, betreut von Hank Host <hank@example.test>'), text);
    assert.ok(text.includes('Genehmigt: 20. November 2026'), text);
    // Outside the recipients' blocks, the account's language (English here).
    assert.ok(text.includes('Directors: 2 of 3 required'));
  });
});

describe('renderCertificate: a recipient without an address', () => {
  it('heads their block with their name alone', async () => {
    const input = workflowInput();
    input.recipients = [
      recipient('Ingrid Inperson', { email: '', signerRole: 'in_person', host: { name: 'Hank Host', email: 'hank@example.test' } }),
    ];
    const text = folded(await pdfText(await renderCertificate(input)));
    assert.ok(text.includes('Ingrid Inperson Role: In-person signer'), text);
    assert.ok(!text.includes('<>'), text);
  });
});
