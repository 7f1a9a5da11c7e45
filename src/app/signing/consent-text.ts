import { sha256Hex } from '../../infra/hash.js';

/**
 * The electronic records and signatures disclosure every signer accepts before signing (in the
 * spirit of ESIGN §101(c)). Its SHA-256 is recorded with the consent, so any change to this text
 * changes the recorded hash: edit it deliberately.
 */
export const CONSENT_TEXT = [
  'Electronic Records and Signature Disclosure',
  'You are asked to receive, review and sign the documents of this envelope electronically. By checking the consent box and signing, you agree that your electronic signature is the legal equivalent of your handwritten signature and that you consent to receive these records electronically.',
  'Paper copies: you have the right to receive a paper copy of any document you sign electronically. To request one, contact the sender of this envelope; they will provide it without charge.',
  'Withdrawing consent: you may withdraw your consent to do business electronically at any time before you sign, by declining to sign on this page or by telling the sender. Withdrawing consent ends the electronic process for this envelope; it does not affect the legal effect of records you signed electronically before withdrawing.',
  'Scope: this consent applies only to the documents of this envelope.',
  'Hardware and software: to access and keep these records you need a device with a current web browser (the latest two versions of Chrome, Edge, Firefox or Safari) with JavaScript enabled, an internet connection, a valid e-mail address, and software able to open PDF files. You can keep a copy by downloading the PDF or printing it.',
  'Updating your contact details: tell the sender if your e-mail address changes, so that you keep receiving the records of this envelope.',
].join('\n\n');

export const CONSENT_TEXT_SHA256 = sha256Hex(CONSENT_TEXT);
