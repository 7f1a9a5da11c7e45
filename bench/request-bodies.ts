import { makePdf, makePng } from '../test/support/pdf-fixtures.js';

export const SIGNER_EMAILS = ['signer1@example.test', 'signer2@example.test'] as const;

/** A drawn signature as the signing page sends it. */
export const signaturePngBase64 = Buffer.from(makePng(120, 40)).toString('base64');

const pdfBase64 = async (pages: number) =>
  Buffer.from(await makePdf({ pages, text: 'Lorem ipsum dolor sit amet, consectetur adipiscing elit.' })).toString('base64');

/** Two signers, each with a signature on a page of their own and a date on the last page. */
const signersOn = (pages: number) =>
  SIGNER_EMAILS.map((email, index) => ({
    name: `Signer ${index + 1}`,
    email,
    fields: [
      { type: 'signature', page: Math.max(1, Math.round(((index + 1) * pages) / 2)), x: 72, y: 600, width: 160, height: 40 },
      { type: 'date_signed', page: pages, x: 72, y: 500 + index * 30, width: 120, height: 20 },
    ],
  }));

/**
 * `POST /envelopes/create` bodies: `pages` pages of text, 2 signers, Parallel, with the verification QR
 * code (the completion pipeline of docs/concepts/signing.md at its fullest).
 */
export const envelopeBody = async (pages: number) => ({
  envelope: { name: `Benchmark agreement, ${pages} pages`, sign_process_flow: 'Parallel', append_verification_qr_code: true },
  documents: [{ name: 'agreement.pdf', content_base64: await pdfBase64(pages) }],
  recipients: { signers: signersOn(pages) },
});

/** `POST /templates/create`: one 2-page document, two signer roles. */
export const templateBody = async () => ({
  template: { name: 'Benchmark NDA', sign_process_flow: 'Parallel' },
  documents: [{ name: 'nda.pdf', content_base64: await pdfBase64(2) }],
  roles: {
    signers: [
      { signer_title: 'Client', signing_order: 1, fields: [{ type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 }] },
      { signer_title: 'Provider', signing_order: 2, fields: [{ type: 'signature', page: 2, x: 72, y: 600, width: 160, height: 40 }] },
    ],
  },
});

/** `POST /envelopes/create_with_template` filling both roles of templateBody(). */
export const fromTemplateBody = (templateId: string) => ({
  template_id: templateId,
  envelope: { name: 'NDA with Initech' },
  recipients: {
    signers: [
      { signer_title: 'Client', name: 'Signer 1', email: SIGNER_EMAILS[0] },
      { signer_title: 'Provider', name: 'Signer 2', email: SIGNER_EMAILS[1] },
    ],
  },
});
