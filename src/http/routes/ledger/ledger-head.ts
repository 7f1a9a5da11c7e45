import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { currentTreeHead } from '../../../app/ledger/tree-head.js';
import type { App } from '../../app-type.js';
import { Int, Ok, Text, Timestamp, errorResponses } from '../../schema-kit.js';

const Hex64 = Text(64, { pattern: '^[0-9a-f]{64}$' });

const SignedTreeHead = Type.Object({
  tree_size: Int(0, Number.MAX_SAFE_INTEGER, { description: 'Entries in the service-wide log' }),
  root_hash: { ...Hex64, description: 'RFC 6962 Merkle root of every entry hash, in block order' },
  timestamp: Timestamp(),
  signature: Text(100, { description: 'Base64 Ed25519 signature over the RFC 8785 JSON of {tree_size, root_hash, timestamp}', pattern: '^[A-Za-z0-9+/=]+$' }),
  public_key: Text(60, { description: "Base64 of the ledger's raw 32-byte Ed25519 public key", pattern: '^[A-Za-z0-9+/=]+$' }),
});

/** `GET /ledger/head`: the signed tree head of the service-wide ledger (API.md §6). */
export const ledgerHeadRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/ledger/head',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getLedgerHead',
        summary: 'Signed tree head of the service-wide ledger',
        description: 'Public. Anyone can check the signature with `public_key` and recompute `root_hash` from the entries they hold.',
        tags: ['Ledger'],
        security: [],
        response: { 200: Ok(SignedTreeHead), ...errorResponses(429) },
      },
    },
    async (_request, reply) => reply.send({ message: 'Ledger head retrieved.', data: await currentTreeHead(ctx) }),
  );
