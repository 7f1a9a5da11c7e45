import assert from 'node:assert/strict';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config.js';

describe('configuration', () => {
  it('runs with no variables at all, on the embedded defaults', () => {
    const config = loadConfig({});
    assert.equal(config.port, 3000);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.publicUrl, 'http://localhost:3000');
    assert.equal(config.database.kind, 'sqlite');
    assert.deepEqual(config.documentStore, { kind: 'fs' });
    assert.equal(config.rateLimitPerMinute, 600);
    assert.equal(config.rateLimitUnauthenticatedPerMinute, 120);
    assert.equal(config.trustProxy, false);
    assert.deepEqual(config.planQuotas, { free: 25, starter: 500, business: 5000, enterprise: null });
    assert.equal(config.webhookAllowPrivate, false);
    assert.equal(config.pdfWorkerIdleSeconds, 20);
    assert.equal(loadConfig({ PDF_WORKER_IDLE_SECONDS: '600' }).pdfWorkerIdleSeconds, 600);
  });

  it('reads SMS_URL: twilio:// with TWILIO_API_URL, an https hook with SMS_TOKEN, or the outbox when unset', () => {
    assert.deepEqual(loadConfig({}).sms, { kind: 'outbox' });
    assert.deepEqual(loadConfig({ SMS_URL: 'twilio://AC123:s%40cret@+15005550006' }).sms, {
      kind: 'twilio',
      accountSid: 'AC123',
      authToken: 's@cret',
      from: '+15005550006',
      apiUrl: 'https://api.twilio.com',
    });
    assert.equal(
      (loadConfig({ SMS_URL: 'twilio://AC1:t@+1555', TWILIO_API_URL: 'http://127.0.0.1:9999/' }).sms as { apiUrl: string }).apiUrl,
      'http://127.0.0.1:9999',
    );
    assert.deepEqual(loadConfig({ SMS_URL: 'https://sms.example.test/send', SMS_TOKEN: 'tok' }).sms, {
      kind: 'hook',
      url: 'https://sms.example.test/send',
      token: 'tok',
    });
  });

  it('refuses an SMS_URL that is malformed, of another scheme, or plain http to another machine', () => {
    assert.throws(() => loadConfig({ SMS_URL: 'twilio://nocredentials' }), /SMS_URL/);
    assert.throws(() => loadConfig({ SMS_URL: 'smtp://x' }), /SMS_URL/);
    assert.throws(() => loadConfig({ SMS_URL: 'http://sms.example.test/send' }), /SMS_URL must be https/);
    assert.throws(() => loadConfig({ TWILIO_API_URL: 'http://api.example.test' }), /TWILIO_API_URL must be https/);
  });

  it('selects PostgreSQL from a postgres:// DATABASE_URL', () => {
    assert.deepEqual(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database, { kind: 'postgres', url: 'postgres://u@h:5432/db' });
  });

  it('merges PLAN_QUOTAS over the defaults', () => {
    assert.deepEqual(loadConfig({ PLAN_QUOTAS: 'free=10,business=unlimited' }).planQuotas, {
      free: 10,
      starter: 500,
      business: null,
      enterprise: null,
    });
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses and ranges', () => {
    assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy, ['10.0.0.0/8', '127.0.0.1', '::1']);
  });

  it('reads DOCUMENT_STORE=s3://bucket/prefix with its endpoint, region and credentials', () => {
    const config = loadConfig({
      DOCUMENT_STORE: 's3://countersign-docs/eu/documents/',
      S3_ENDPOINT: 'http://minio.internal:9000/',
      S3_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'AKIA0',
      AWS_SECRET_ACCESS_KEY: 'secret',
    });
    assert.deepEqual(config.documentStore, {
      kind: 's3',
      bucket: 'countersign-docs',
      prefix: 'eu/documents',
      endpoint: 'http://minio.internal:9000',
      region: 'eu-west-1',
      credentials: { accessKeyId: 'AKIA0', secretAccessKey: 'secret' },
    });
  });

  it('reads DOCUMENT_STORE=s3://bucket alone as AWS in us-east-1 with the SDK’s default credentials', () => {
    assert.deepEqual(loadConfig({ DOCUMENT_STORE: 's3://countersign-docs' }).documentStore, {
      kind: 's3',
      bucket: 'countersign-docs',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
    });
  });

  it('reads LEDGER_KEY as a PEM Ed25519 key, also written on one line with \\n escapes', () => {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    assert.equal(loadConfig({ LEDGER_KEY: pem }).ledgerKeyPem, pem.trim());
    assert.equal(loadConfig({ LEDGER_KEY: pem.trim().replaceAll('\n', '\\n') }).ledgerKeyPem, pem.trim());
    assert.equal(loadConfig({}).ledgerKeyPem, undefined);
  });

  it('refuses a LEDGER_KEY that is not an Ed25519 key with one line naming the variable', () => {
    const ecKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    assert.throws(() => loadConfig({ LEDGER_KEY: ecKey }), {
      name: 'ConfigError',
      message: 'Configuration error: LEDGER_KEY must be an Ed25519 private key (got ec)',
    });
  });

  it('reads WEBHOOK_SECRETS_KEY as 32 bytes of base64, and refuses anything else naming the variable', () => {
    const key = randomBytes(32);
    assert.deepEqual(loadConfig({ WEBHOOK_SECRETS_KEY: key.toString('base64') }).webhookSecretsKey, key);
    assert.equal(loadConfig({}).webhookSecretsKey, undefined);
    for (const bad of [randomBytes(16).toString('base64'), 'not base64!', randomBytes(33).toString('base64')]) {
      assert.throws(() => loadConfig({ WEBHOOK_SECRETS_KEY: bad }), {
        name: 'ConfigError',
        message: 'Configuration error: WEBHOOK_SECRETS_KEY must be 32 bytes in base64 (openssl rand -base64 32)',
      });
    }
  });

  it('reads SECRETS_KEY as 32 bytes of base64, unset by default, and refuses anything else naming the variable', () => {
    const key = randomBytes(32);
    assert.deepEqual(loadConfig({ SECRETS_KEY: key.toString('base64') }).secretsKey, key);
    assert.equal(loadConfig({}).secretsKey, undefined);
    for (const bad of [randomBytes(31).toString('base64'), 'not base64!']) {
      assert.throws(() => loadConfig({ SECRETS_KEY: bad }), {
        name: 'ConfigError',
        message: 'Configuration error: SECRETS_KEY must be 32 bytes in base64 (openssl rand -base64 32)',
      });
    }
  });

  const refusals: [Record<string, string>, string][] = [
    [{ PORT: 'eighty' }, 'Configuration error: PORT must be a whole number from 0 to 65535 (got "eighty")'],
    [{ PUBLIC_URL: 'example.com' }, 'Configuration error: PUBLIC_URL is not a valid URL (got "example.com")'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Configuration error: DATABASE_URL must start with postgres:// or postgresql:// or sqlite:// or file:// (got "mysql://…")',
    ],
    [{ DOCUMENT_STORE: 'ftp' }, 'Configuration error: DOCUMENT_STORE must be fs, db or s3://bucket[/prefix] (got "ftp")'],
    [
      { DOCUMENT_STORE: 's3://My_Bucket' },
      'Configuration error: DOCUMENT_STORE needs an S3 bucket name of 3 to 63 lowercase letters, digits, dots and hyphens (got "s3://My_Bucket")',
    ],
    [
      { DOCUMENT_STORE: 's3:///prefix' },
      'Configuration error: DOCUMENT_STORE needs an S3 bucket name of 3 to 63 lowercase letters, digits, dots and hyphens (got "s3:///prefix")',
    ],
    [{ S3_ENDPOINT: 'minio 9000', DOCUMENT_STORE: 's3://docs' }, 'Configuration error: S3_ENDPOINT is not a valid URL (got "minio 9000")'],
    [
      { S3_ENDPOINT: 'ftp://minio', DOCUMENT_STORE: 's3://docs' },
      'Configuration error: S3_ENDPOINT must start with http:// or https:// (got "ftp://…")',
    ],
    [
      { S3_REGION: 'EU West', DOCUMENT_STORE: 's3://docs' },
      'Configuration error: S3_REGION must be a region name such as eu-west-1 (got "EU West")',
    ],
    [
      { AWS_ACCESS_KEY_ID: 'AKIA0', DOCUMENT_STORE: 's3://docs' },
      'Configuration error: AWS_SECRET_ACCESS_KEY must be set along with AWS_ACCESS_KEY_ID',
    ],
    [
      { AWS_SECRET_ACCESS_KEY: 'secret', DOCUMENT_STORE: 's3://docs' },
      'Configuration error: AWS_ACCESS_KEY_ID must be set along with AWS_SECRET_ACCESS_KEY',
    ],
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'Configuration error: S3_ENDPOINT is set, but DOCUMENT_STORE is fs, not s3://…'],
    [{ S3_REGION: 'eu-west-1', DOCUMENT_STORE: 'db' }, 'Configuration error: S3_REGION is set, but DOCUMENT_STORE is db, not s3://…'],
    [{ LEDGER_KEY: 'not a key' }, 'Configuration error: LEDGER_KEY is not a PEM private key'],
    [{ SMTP_URL: 'http://mail' }, 'Configuration error: SMTP_URL must start with smtp:// or smtps:// (got "http://…")'],
    [{ LOG_LEVEL: 'loud' }, 'Configuration error: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
    [{ RATE_LIMIT_PER_MINUTE: '0' }, 'Configuration error: RATE_LIMIT_PER_MINUTE must be a whole number from 1 to 1000000 (got "0")'],
    [{ PDF_WORKER_IDLE_SECONDS: '0' }, 'Configuration error: PDF_WORKER_IDLE_SECONDS must be a whole number from 1 to 86400 (got "0")'],
    [
      { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: 'lots' },
      'Configuration error: RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE must be a whole number from 1 to 1000000 (got "lots")',
    ],
    [
      { TRUST_PROXY: 'true' },
      'Configuration error: TRUST_PROXY must be false, a number of hops, or proxy addresses/CIDR ranges (got "true")',
    ],
    [
      { TRUST_PROXY: '10.0.0.0/33' },
      'Configuration error: TRUST_PROXY must be false, a number of hops, or proxy addresses/CIDR ranges (got "10.0.0.0/33")',
    ],
    [
      { PLAN_QUOTAS: 'gold=5' },
      'Configuration error: PLAN_QUOTAS names an unknown plan "gold" (plans: free, starter, business, enterprise)',
    ],
    [{ PLAN_QUOTAS: 'free=many' }, 'Configuration error: PLAN_QUOTAS needs plan=number or plan=unlimited (got "free=many")'],
    [{ WEBHOOK_ALLOW_PRIVATE: 'maybe' }, 'Configuration error: WEBHOOK_ALLOW_PRIVATE must be true or false (got "maybe")'],
  ];
  for (const [env, message] of refusals) {
    it(`refuses ${Object.keys(env)[0]}=${Object.values(env)[0]} with one line naming the variable`, () => {
      assert.throws(() => loadConfig(env), { name: 'ConfigError', message });
    });
  }
});
