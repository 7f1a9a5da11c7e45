import assert from 'node:assert/strict';
import { verifyAuditLogs } from '../../support/independent-verifier.js';
import type { TestServer } from '../../support/test-server.js';

/** The envelope's audit_logs, after asserting that the service and the independent verifier (docs/verification.md §7) both find the chain intact. */
export const independentlyVerifiedAuditLogs = async (server: TestServer, token: string, envelopeId: string) => {
  const response = await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/audit_logs`, { token });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  const logs = response.body.data;
  assert.equal(logs.verified, true, 'the service recomputes the chain');
  const trust = (await server.call('GET', '/api/v2.0/ledger/trust', { token: null })).body.data;
  for (const step of verifyAuditLogs(logs, trust.ledger_public_key)) assert.ok(step.ok, `${step.step}: ${step.detail}`);
  return logs;
};
