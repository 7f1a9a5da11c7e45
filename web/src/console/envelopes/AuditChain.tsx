import { useApiQuery } from '../api-hooks.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { useT } from '../i18n.js';
import type { AuditLogs } from './envelope-types.js';

/** The envelope's hash chain as the service recomputed it, with the head a person can compare elsewhere. */
export function AuditChain({ envelopeId }: { envelopeId: string }) {
  const t = useT('envelopes');
  const logs = useApiQuery<AuditLogs>(`/envelopes/${envelopeId}/audit_logs`, { refetchInterval: 10_000 });
  return (
    <section className="panel" aria-labelledby="audit-title" data-testid="audit-chain">
      <h2 id="audit-title" className="panel-title">
        {t('audit.title')}
      </h2>
      <ErrorNotice error={logs.error} />
      {logs.data &&
        (logs.data.verified ? (
          <p className="audit-verdict audit-ok">
            <span aria-hidden="true">✓ </span>
            {t('audit.verified', { count: logs.data.entries.length })}
          </p>
        ) : (
          <p className="audit-verdict audit-bad" role="alert">
            {t('audit.broken')}
          </p>
        ))}
      {logs.data?.head_hash && (
        <p>
          <span className="input-label">{t('audit.headHash')}</span>
          <code className="mono hash" data-testid="head-hash">
            {logs.data.head_hash}
          </code>
        </p>
      )}
      <p className="hint">{t('audit.hint')}</p>
    </section>
  );
}
