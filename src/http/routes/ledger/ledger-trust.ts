import type { AppContext } from '../../../app/context.js';
import { getLedgerTrust } from '../../../app/ledger/ledger-trust.js';
import type { App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { errorResponses } from '../../schema-kit.js';
import { LedgerTrustBody } from './ledger.schema.js';

/** `GET /ledger/trust`: the root of our seals and the ledger's public key, for third-party verifiers (docs/verification.md). */
export const ledgerTrustRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/ledger/trust',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getLedgerTrust',
        summary: 'Root certificate and ledger public key, to verify sealed PDFs',
        description:
          'Public. Save `root_certificate_pem` as root.pem for `countersign verify --trust root.pem`; a sealed PDF is ours when its signature chains to it. ' +
          '`ledger_public_key` signs every tree head and the `head_signature` of `audit_logs`. The procedure is in docs/verification.md.',
        tags: ['Ledger'],
        security: [],
        response: {
          200: Example(LedgerTrustBody, {
            message: 'Trust anchors retrieved.',
            data: {
              root_certificate_pem:
                '-----BEGIN CERTIFICATE-----\nMIIBqjCCAVCgAwIBAgIUc2VhbC1yb290LWV4YW1wbGUwCgYIKoZIzj0EAwIwJTEjMCEGA1UEAwwa\nQ291bnRlcnNpZ24gU2VhbCBSb290IENBMB4XDTI2MDEwMTAwMDAwMFoXDTM2MDEwMTAwMDAwMFow\n-----END CERTIFICATE-----\n',
              ledger_public_key: '7DAKIg9nLI/6QeSm8GzOSQLDNZ3fULUPJeDSz5a8aVU=',
            },
          }),
          ...errorResponses(429),
          ...errorExample('RATE_LIMITED', 'Too many requests: at most 60 a minute. Retry in 42 seconds.'),
        },
      },
    },
    async () => {
      const trust = getLedgerTrust(ctx);
      return {
        message: 'Trust anchors retrieved.',
        data: { root_certificate_pem: trust.rootCertificatePem, ledger_public_key: trust.ledgerPublicKey },
      };
    },
  );
