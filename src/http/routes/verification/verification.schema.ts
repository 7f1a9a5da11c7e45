import { Type, type Static } from 'typebox';
import type { FileVerdict } from '../../../app/verification/check-sealed-pdf.js';
import type { VerificationRecord } from '../../../app/verification/verification-record.js';
import { Id, List, Ok, Text, Timestamp } from '../../schema-kit.js';

export const VerificationParams = Type.Object({ envelopeId: Text(64) });

const Sha256 = Text(64, { pattern: '^[0-9a-f]{64}$' });
const Nullable = <T extends ReturnType<typeof Text>>(schema: T) => Type.Union([schema, Type.Null()]);

/** No e-mail addresses: the record is public. Completed envelopes only, and only their own documents (not the certificate). */
const VerificationRecordObject = Type.Object({
  envelope_id: Id('env'),
  name: Text(255),
  status: Text(16),
  completed_at: Type.Union([Timestamp(), Type.Null()]),
  documents: List(Type.Object({ name: Text(255), sha256_original: Sha256, sha256_sealed: Nullable(Sha256) }), 10),
  ledger_head_hash: Nullable(Sha256),
});

export const VerificationRecordBody = Ok(
  VerificationRecordObject,
  'The verification record, when the request accepts application/json only',
);

export const presentVerificationRecord = ({ envelope, documents }: VerificationRecord): Static<typeof VerificationRecordObject> => ({
  envelope_id: envelope.id,
  name: envelope.name,
  status: envelope.status,
  completed_at: envelope.completedAt,
  documents: documents.map((doc) => ({ name: doc.name, sha256_original: doc.sha256, sha256_sealed: doc.sealedSha256 })),
  ledger_head_hash: envelope.sealedLedgerHeadHash,
});

const FileVerdictObject = Type.Object({
  match: Type.Boolean({ description: "The file is byte for byte one of the envelope's sealed documents" }),
  document_name: Nullable(Text(255)),
  seal: Type.Object(
    {
      valid: Type.Boolean(),
      checks: List(Type.Object({ name: Text(100), ok: Type.Boolean(), detail: Text(2000) }), 50),
    },
    {
      description:
        'The seal checked against this service root, check by check: `byte range`, `document digest`, `signature`, ' +
        '`signing-certificate-v2`, `certificate chain`. A file sealed with a time-stamp authority (PAdES B-LTA) adds ' +
        '`time-stamp` (the RFC 3161 time-stamp of the signature), `later revisions` (after the seal the file only gained ' +
        'validation data in a DSS and document time-stamps), one `document time-stamp` per document time-stamp (its time ' +
        'and authority in `detail`) and `document time-stamp coverage` (the last one covers the whole file). Any other ' +
        'change after the seal fails.',
    },
  ),
});

export const FileVerdictBody = Ok(FileVerdictObject);

export const presentFileVerdict = (verdict: FileVerdict): Static<typeof FileVerdictObject> => ({
  match: verdict.match,
  document_name: verdict.documentName,
  seal: verdict.seal,
});
