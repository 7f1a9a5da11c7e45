import { useApiQuery } from '../api-hooks.js';
import { ErrorNotice } from '../ErrorNotice.js';
import type { AuditLogs } from './envelope-types.js';

/** The envelope's hash chain as the service recomputed it, with the head a person can compare elsewhere. */
export function AuditChain({ envelopeId }: { envelopeId: string }) {
  const logs = useApiQuery<AuditLogs>(`/envelopes/${envelopeId}/audit_logs`, { refetchInterval: 10_000 });
  return (
    <section className="panel" aria-labelledby="audit-title" data-testid="audit-chain">
      <h2 id="audit-title" className="panel-title">
        Audit chain
      </h2>
      <ErrorNotice error={logs.error} />
      {logs.data &&
        (logs.data.verified ? (
          <p className="audit-verdict audit-ok">
            <span aria-hidden="true">✓ </span>Audit chain verified: {logs.data.entries.length} entr
            {logs.data.entries.length === 1 ? 'y' : 'ies'}, each hashed with the one before.
          </p>
        ) : (
          <p className="audit-verdict audit-bad" role="alert">
            The audit chain does not recompute: an entry was altered. Contact support with this envelope's id.
          </p>
        ))}
      {logs.data?.head_hash && (
        <p>
          <span className="input-label">Head hash</span>
          <code className="mono hash" data-testid="head-hash">
            {logs.data.head_hash}
          </code>
        </p>
      )}
      <p className="hint">
        Anyone can recompute the chain from the envelope's audit log; the certificate of completion prints the same head hash.
      </p>
    </section>
  );
}
