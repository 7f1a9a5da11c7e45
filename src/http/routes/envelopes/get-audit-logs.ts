import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { getAuditLogs, type AuditLogs as AuditLogsModel } from '../../../app/envelopes/get-audit-logs.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Id, List, Ok, Text, errorResponses } from '../../schema-kit.js';
import { EnvelopeIdParams } from './envelope-id-params.js';
import { envelopeCreatedEntryExample, LedgerEntrySchema } from './ledger-entry.schema.js';

// Every key of a stored entry is hashed, so none may be dropped on the way out.
const PublishedEntry = Type.Object(LedgerEntrySchema.properties, { additionalProperties: true });

const AuditLogs = Type.Object({
  envelope_id: Id('env'),
  entries: List(PublishedEntry, 100_000),
  head_hash: Type.Union([Text(64, { pattern: '^[0-9a-f]{64}$' }), Type.Null()]),
  verified: Type.Boolean({ description: 'true when the whole chain recomputes from the genesis hash' }),
  head_signature: Type.Union([Text(100, { pattern: '^[A-Za-z0-9+/=]+$' }), Type.Null()], {
    description:
      'Base64 Ed25519 signature by the ledger key over the UTF-8 RFC 8785 JSON of `{envelope_id, head_hash}`: the service vouches for this head, so the chain can be shown to others. Null when `head_hash` is',
  }),
  public_key: Text(60, {
    pattern: '^[A-Za-z0-9+/=]+$',
    description: "Base64 of the ledger's raw 32-byte Ed25519 public key; compare it with `ledger_public_key` of `GET /ledger/trust`",
  }),
});

const presentAuditLogs = (logs: AuditLogsModel) => ({
  envelope_id: logs.envelopeId,
  entries: logs.entries,
  head_hash: logs.headHash,
  verified: logs.verified,
  head_signature: logs.headSignature,
  public_key: logs.publicKey,
});

export const getAuditLogsRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/envelopes/:envelopeId/audit_logs',
    {
      schema: {
        operationId: 'getAuditLogs',
        summary: "An envelope's tamper-evident ledger",
        description:
          "For each entry, hash `previous_hash` followed by the RFC 8785 JSON of the entry without `entry_hash` (SHA-256, lowercase hex); the first `previous_hash` is 64 zeros and `head_hash` is the last `entry_hash`. `head_signature` is the ledger key's Ed25519 signature of the RFC 8785 JSON of `{envelope_id, head_hash}` (docs/verification.md).",
        tags: ['Envelopes'],
        params: EnvelopeIdParams,
        response: {
          200: Example(Ok(AuditLogs), {
            message: 'Envelope audit logs.',
            data: {
              envelope_id: 'env_zgqQWvT72rpxEKoy8-nlng',
              entries: [
                envelopeCreatedEntryExample,
                {
                  sequence: 2,
                  envelope_id: 'env_zgqQWvT72rpxEKoy8-nlng',
                  activity_type: 'DOCUMENT_SIGNED',
                  actor: { name: 'Grace Hopper', email: 'grace@example.com' },
                  description: 'Grace Hopper accepted the electronic records disclosure and signed with a drawn signature.',
                  ip_address: '198.51.100.23',
                  user_agent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_3) AppleWebKit/605.1.15 Safari/605.1.15',
                  occurred_at: '2026-03-03T10:05:40.000Z',
                  previous_hash: '8a355fa79a8e98dfa7f656a702a6c98628cf34ce5e15bbdd565eb3f59a8ed489',
                  entry_hash: 'eebae474c82832b8ddcf73ff58cd6ac004eaa594cc3464683dbd9b14ac046276',
                },
              ],
              head_hash: 'eebae474c82832b8ddcf73ff58cd6ac004eaa594cc3464683dbd9b14ac046276',
              verified: true,
              head_signature: 'HQ+WELeQ0MzQjPOmni21NKtO9Cqibqr209ypDr+5f7ZBbLWVv93sy6aaybq0DNUE6ATTyinpGPk5bCUQqSHNDA==',
              public_key: 'MCowBQYDK2VwAyEA7DAKIg9nLI/6QeSm8GzOSQLDNZ3fULUPJeDSz5a8aVU=',
            },
          }),
          ...errorResponses(400, 401, 404, 429),
          ...errorExample('ENVELOPE_NOT_FOUND', 'No envelope env_zgqQWvT72rpxEKoy8-nlng.'),
        },
      },
    },
    async (request) => ({
      message: 'Envelope audit logs.',
      data: presentAuditLogs(await getAuditLogs(ctx, callerOf(request).accountId, request.params.envelopeId)),
    }),
  );
