import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { AppContext } from '../app/context.js';
import type { App } from './app-type.js';
import { ErrorBody } from './schema-kit.js';
import { webhookPayloads } from './webhook-payloads.js';

const DESCRIPTION = `Countersign's HTTP/JSON API (v2.0).

Every operation but login and refresh needs two headers: \`Authorization: Bearer <access_token>\` and
\`app_auth_type: esign-oauth2\`. Successful responses are \`{"message", "data"}\`; errors are
\`{"message", "errors": [{"error_code", "developer_message", "field"}]}\`, listing every problem at once
(a create request's schema, settings and recipient problems come in one answer). Requests refused before
routing answer the same shape: 400 \`MALFORMED_URL\`, 414 \`URI_TOO_LONG\`, 431 \`HEADERS_TOO_LARGE\`.
Another account's id answers 404, exactly like an unknown one.

The canonical prefix is \`/api/v2.0\`. For clients written against older listings the same routes also
answer under \`/v2.0\`, \`/api/2.0\` and \`/apiv2.0\`, and \`/envelope/create\` and \`/template/create\` are
aliases of \`/envelopes/create\` and \`/templates/create\`; they are not listed separately here.

POSTs that create something accept an \`Idempotency-Key\` header: a replay within 24 h returns the first
response with \`Idempotent-Replayed: true\`. Requests are limited per API client; login, refresh, the public
routes and every request whose authentication fails are limited per client address (\`RateLimit-*\` headers;
429 \`RATE_LIMITED\` with \`Retry-After\`).

While the service cannot reach its database, every operation that needs it answers 503 \`SERVICE_UNAVAILABLE\`
with \`Retry-After\` (seconds) within 5 s, in the same error shape; retry then, with the same \`Idempotency-Key\`
for a creation (it creates the envelope once: a key whose request answered 503 may answer 409
\`IDEMPOTENCY_KEY_IN_USE\` for up to 20 s). \`/readyz\` answers 503 meanwhile; \`/healthz\` stays 200. An
operation that needs document bytes the S3 document store cannot give or take answers 503 \`SERVICE_UNAVAILABLE\`
the same way, within about 16 s; one that finds the server's disk full answers 507 \`STORAGE_FULL\`, nothing saved.

Work that a small input can make huge is bounded, each bound answering 400 with its own code:
\`PDF_TOO_COMPLEX\` (a document's compressed streams inflate past 64 MiB each or 256 MiB in all, or reading it
takes too long or too much memory; also from the verify upload), \`TOO_MANY_ANCHORS\` (more than 100 anchor
fields in one request), \`TOO_MANY_ANCHOR_MATCHES\` (an anchor text found more than 100 times) and
\`TOO_MANY_FIELDS\` (more than 200 fields for one signer or 2,000 in one envelope, anchor matches included).

The ledger routes (\`/ledger/head\`, \`/ledger/proof/{block_number}\`, \`/ledger/consistency\`, \`/ledger/trust\`)
are public. A third party verifies a sealed PDF with the root certificate and ledger key of \`/ledger/trust\`, the
RFC 9162 proofs (a leaf is the 32 raw bytes of an entry's \`entry_hash\`) and the procedure of docs/verification.md;
every sealed PDF's embedded record carries the inclusion proof of the envelope's last entry under a signed tree head.


Every operation's \`operationId\` is stable: it is the name of the operation's method in the typed TypeScript
client \`@countersign/client\` (\`clients/typescript\`), whose types are generated from this document.`;

type Media = { schema?: object; example?: unknown; examples?: unknown };
type Annotated = { examples?: unknown[]; 'x-examples'?: unknown };
type Response = { description?: string; headers?: Record<string, unknown>; content?: Record<string, Media> };
type Operation = { responses?: Record<string, Response> };

const rateLimitHeaders = {
  'RateLimit-Limit': {
    description: 'Requests allowed per minute',
    schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 1_000_000 },
  },
  'RateLimit-Remaining': {
    description: 'Requests left in this minute',
    schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 1_000_000 },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the window resets',
    schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 60 },
  },
};
const retryAfter = {
  'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 86_400 } },
};

const commonHeaders = (origin: string) => ({
  'X-Request-Id': {
    description: 'Identifies this request in logs',
    schema: { type: 'string', maxLength: 128, pattern: '^[A-Za-z0-9._-]+$' },
  },
  'Access-Control-Allow-Origin': {
    description: "Always the service's own origin: browsers on other sites may not call the API (server-to-server use)",
    schema: { type: 'string', const: origin },
  },
  ...rateLimitHeaders,
});

const HEADERS_TOO_LARGE = {
  message: 'The request headers are larger than the server accepts.',
  errors: [{ error_code: 'HEADERS_TOO_LARGE', developer_message: 'The request headers are larger than the server accepts.' }],
};

/**
 * What every operation shares, written once instead of in every route schema: the headers every
 * response really carries, and the error shape of any other client error (unknown route, 413, …).
 */
const addCommonParts = (document: { paths?: Record<string, Record<string, Operation>> }, origin: string) => {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const responses = (operation.responses ??= {});
      responses['4XX'] ??= {
        description: 'Any other client error, in the same error shape',
        content: { 'application/json': { schema: ErrorBody, example: HEADERS_TOO_LARGE } },
      };
      for (const [status, response] of Object.entries(responses)) {
        response.headers = { ...response.headers, ...commonHeaders(origin), ...(status === '429' || status === '423' ? retryAfter : {}) };
      }
    }
  }
  return document;
};

/**
 * A schema's examples as its media type's, where @fastify/swagger leaves them in the schema: responses
 * declared per media type (`content: {…}`) pass through it untouched (openapi-examples.ts).
 */
const mediaExamples = ({ schema, ...media }: Media): Media => {
  const { examples, 'x-examples': described, ...rest } = (schema ?? {}) as Annotated;
  if (!examples && !described) return { schema, ...media };
  return {
    ...media,
    schema: rest,
    ...(examples?.length ? { example: examples[0] } : {}),
    ...(described ? { examples: described } : {}),
  };
};

const moveExamplesToMedia = (document: { paths?: Record<string, Record<string, Operation>> }) => {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const response of Object.values(operation.responses ?? {})) {
        if (response.content)
          response.content = Object.fromEntries(Object.entries(response.content).map(([type, media]) => [type, mediaExamples(media)]));
      }
    }
  }
  return document;
};

export const registerOpenApi = async (app: App, ctx: AppContext) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Countersign API',
        version: '2.0.0',
        description: DESCRIPTION,
        contact: { name: 'Countersign', url: ctx.config.publicUrl },
      },
      // Relative: the document describes the server that serves it, whatever its public address.
      servers: [
        {
          url: '/',
          description: 'The Countersign server serving this document (production, staging or local alike)',
          'x-internal': false,
        } as never,
      ],
      tags: [
        { name: 'Authentication', description: 'Log in with client credentials; refresh tokens rotate' },
        { name: 'Account', description: 'Account details, quota, statistics and settings' },
        { name: 'API clients', description: 'The credentials integrations log in with: issued (secret shown once), listed, revoked' },
        { name: 'Users', description: "The account's people: invited by e-mail, given a role (`admin` or `sender`), removed" },
        { name: 'Envelopes', description: 'Create, send, track and manage envelopes' },
        { name: 'Bulk sending', description: 'One envelope per row (JSON rows or a CSV) from a template, created in the background' },
        {
          name: 'Embedded builders',
          description:
            'The template editor and the prefilled composer in the integrator’s own page (an iFrame framed only by the account’s `frame_ancestors`), through single-use 10-minute URLs. The page posts `countersign.loaded {kind}`, `countersign.template.saved {template_id}`, `countersign.envelope.sent {envelope_id}` and `countersign.error {error_code}` to `window.parent`. The builder API (`/builder/{token}…`) is what the page calls: public, the token is the credential.',
        },
        { name: 'Webhooks', description: 'Endpoints that receive signed event notifications (payloads: the `webhooks` section)' },
        { name: 'Service', description: 'Health, readiness and Prometheus metrics' },
        {
          name: 'Console sign-in',
          description:
            'People sign in by e-mailed link; their session cookie is exchanged for short access tokens carrying their role (`admin` or `sender`; docs/api/people.md)',
        },
      ],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              "An access token from POST /api/v2.0/authorization/token (an admin), or from POST /api/v2.0/console/token (the signed-in user's role). Revoking its API client, or signing out, stops it within 30 s (servers cache a checked token that long).",
          },
          appAuthType: { type: 'apiKey', in: 'header', name: 'app_auth_type', description: 'Always `esign-oauth2`' },
          metricsToken: {
            type: 'http',
            scheme: 'bearer',
            description: "The operator's `METRICS_TOKEN`: GET /metrics asks for it while it is set, and is public otherwise",
          },
          consoleSession: {
            type: 'apiKey',
            in: 'cookie',
            name: 'countersign_session',
            description:
              'The console session cookie set by a sign-in link (GET /console/login/{token}), with the header `X-Requested-With: countersign-console`',
          },
        },
      },
      security: [{ bearerAuth: [], appAuthType: [] }],
      webhooks: webhookPayloads() as never,
    },
    transformObject: (documentObject) =>
      addCommonParts(
        moveExamplesToMedia((documentObject as { openapiObject: object }).openapiObject as never),
        new URL(ctx.config.publicUrl).origin,
      ),
  });
  // The UI's own policy (its inline scripts and styles by hash); upgrading requests only where the
  // service itself is served over HTTPS, or a plain-HTTP installation's page could not load its assets.
  const overHttps = new URL(ctx.config.publicUrl).protocol === 'https:';
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    staticCSP: true,
    transformStaticCSP: (policy) => (overHttps ? policy : policy.replace(/\s*upgrade-insecure-requests;?/, '')),
  });
  app.get('/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async () => app.swagger());
};
