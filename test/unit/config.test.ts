import assert from 'node:assert/strict';
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

  const refusals: [Record<string, string>, string][] = [
    [{ PORT: 'eighty' }, 'Configuration error: PORT must be a whole number from 0 to 65535 (got "eighty")'],
    [{ PUBLIC_URL: 'example.com' }, 'Configuration error: PUBLIC_URL is not a valid URL (got "example.com")'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Configuration error: DATABASE_URL must start with postgres:// or postgresql:// or sqlite:// or file:// (got "mysql://…")',
    ],
    [{ DOCUMENT_STORE: 'ftp' }, 'Configuration error: DOCUMENT_STORE must be fs or db (got "ftp")'],
    [{ SMTP_URL: 'http://mail' }, 'Configuration error: SMTP_URL must start with smtp:// or smtps:// (got "http://…")'],
    [{ LOG_LEVEL: 'loud' }, 'Configuration error: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
    [{ RATE_LIMIT_PER_MINUTE: '0' }, 'Configuration error: RATE_LIMIT_PER_MINUTE must be a whole number from 1 to 1000000 (got "0")'],
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
