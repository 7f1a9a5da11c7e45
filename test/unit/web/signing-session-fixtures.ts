import { failureFromBody } from '../../../web/src/shared/api-failure.js';
import type { SigningSession } from '../../../web/src/sign/signing-types.js';

/** A signing view as the API answers it, for a plain signer of a Sequential envelope. */
export const session = (signerStatus: SigningSession['signer']['status'], envelopeStatus = 'Sent'): SigningSession => ({
  envelope: {
    envelope_id: 'env_1',
    name: 'NDA',
    message: null,
    status: envelopeStatus,
    sign_process_flow: 'Sequential',
    enforce_signers_location: false,
    allow_reassign: false,
  },
  signer: { recipient_id: 'rcp_1', name: 'Jane', email: 'jane@example.test', status: signerStatus, role: 'signer' },
  documents: [],
  fields: [],
  language: 'en',
  consent_text: 'text',
  signed_by_others: [],
  group: null,
  witness_for: null,
  names_witness: false,
  host: null,
  other_fields: [],
});

/** A refused signing call, as the page's HTTP client reports it. */
export const failure = (status: number, code: string, message: string) =>
  failureFromBody(status, { message, errors: [{ error_code: code, developer_message: message }] });
