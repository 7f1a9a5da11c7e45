import { useEffect, useState } from 'react';
import { ApiFailure } from '../shared/api-failure.js';
import { FileCheck } from './FileCheck.js';
import { fetchRecord } from './verify-api.js';
import type { VerificationRecord } from './verify-types.js';

type Phase = { kind: 'loading' } | { kind: 'loaded'; record: VerificationRecord } | { kind: 'failed'; notFound: boolean };

const formatTime = (iso: string): string =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'long' }).format(new Date(iso));

/** The public page that shows an envelope's verification record and checks a file against it. */
export function VerifyApp({ envelopeId }: { envelopeId: string | null }) {
  const [phase, setPhase] = useState<Phase>(envelopeId ? { kind: 'loading' } : { kind: 'failed', notFound: true });

  useEffect(() => {
    if (!envelopeId) return;
    fetchRecord(envelopeId)
      .then((record) => setPhase({ kind: 'loaded', record }))
      .catch((error: unknown) => setPhase({ kind: 'failed', notFound: error instanceof ApiFailure && error.status === 404 }));
  }, [envelopeId]);

  return (
    <div className="app">
      <div className="brand-bar">
        <span className="brand">Countersign</span>
        <span className="brand-note">Document verification</span>
      </div>
      <main className="app-main">
        {phase.kind === 'loading' ? (
          <p className="loading" role="status">
            Loading the verification record…
          </p>
        ) : null}
        {phase.kind === 'failed' ? (
          <section className="end-state" data-testid={phase.notFound ? 'verify-not-found' : 'verify-error'}>
            <h1 className="end-state-title">{phase.notFound ? 'No such envelope' : 'The record could not be loaded'}</h1>
            <p>{phase.notFound ? 'Check the address: no envelope has this identifier.' : 'Reload the page to try again.'}</p>
          </section>
        ) : null}
        {phase.kind === 'loaded' ? <RecordView record={phase.record} /> : null}
      </main>
    </div>
  );
}

function RecordView({ record }: { record: VerificationRecord }) {
  return (
    <>
      <section className="panel" data-testid="verify-record" aria-labelledby="record-title">
        <h1 id="record-title" className="record-title">
          {record.name}
        </h1>
        <dl className="facts">
          <dt>Envelope</dt>
          <dd className="mono">{record.envelope_id}</dd>
          <dt>Status</dt>
          <dd data-testid="verify-status">{record.status}</dd>
          <dt>Completed</dt>
          <dd>{record.completed_at ? <time dateTime={record.completed_at}>{formatTime(record.completed_at)}</time> : 'Not yet'}</dd>
          <dt>Ledger head hash</dt>
          <dd className="mono hash" data-testid="verify-ledger-head">
            {record.ledger_head_hash ?? '—'}
          </dd>
        </dl>
      </section>
      <section className="panel" aria-labelledby="documents-title">
        <h2 id="documents-title" className="panel-title">
          Documents
        </h2>
        <ul className="hash-list">
          {record.documents.map((document, index) => (
            <li key={`${index}-${document.name}`} data-testid="verify-document">
              <p className="hash-list-name">{document.name}</p>
              <dl className="facts">
                <dt>SHA-256 of the original</dt>
                <dd className="mono hash">{document.sha256_original}</dd>
                <dt>SHA-256 of the sealed file</dt>
                <dd className="mono hash">{document.sha256_sealed ?? 'Not sealed yet'}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </section>
      <FileCheck envelopeId={record.envelope_id} />
    </>
  );
}
