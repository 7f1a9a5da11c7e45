import { useState, type FormEvent } from 'react';
import { ApiFailure } from '../shared/api-failure.js';
import { summarizeVerdict } from './file-verdict.js';
import { checkFile } from './verify-api.js';
import type { FileVerdict } from './verify-types.js';

type CheckState =
  { status: 'idle' } | { status: 'checking' } | { status: 'done'; verdict: FileVerdict } | { status: 'failed'; message: string };

/** Lets a person choose the PDF they hold and asks the service whether it is this envelope's sealed copy. */
export function FileCheck({ envelopeId }: { envelopeId: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<CheckState>({ status: 'idle' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setState({ status: 'checking' });
    try {
      setState({ status: 'done', verdict: await checkFile(envelopeId, file) });
    } catch (error) {
      setState({ status: 'failed', message: error instanceof ApiFailure ? error.message : 'The file could not be checked. Try again.' });
    }
  };

  return (
    <section className="panel" aria-labelledby="check-title">
      <h2 id="check-title" className="panel-title">
        Check a file
      </h2>
      <form className="check-form" onSubmit={(event) => void submit(event)}>
        <label className="input-label" htmlFor="check-file">
          Choose the signed PDF you received
        </label>
        <input
          id="check-file"
          type="file"
          accept="application/pdf,.pdf"
          data-testid="verify-file-input"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setState({ status: 'idle' });
          }}
        />
        <button
          type="submit"
          className="button button-primary"
          data-testid="verify-check-button"
          disabled={!file || state.status === 'checking'}
        >
          {state.status === 'checking' ? 'Checking…' : 'Check this file'}
        </button>
      </form>
      <p className="hint">The file is sent to this service only to be compared with the sealed documents; it is not stored.</p>
      <div aria-live="polite">
        {state.status === 'failed' ? (
          <p className="form-error" data-testid="verify-check-error">
            {state.message}
          </p>
        ) : null}
        {state.status === 'done' ? <VerdictView verdict={state.verdict} /> : null}
      </div>
    </section>
  );
}

function VerdictView({ verdict }: { verdict: FileVerdict }) {
  const summary = summarizeVerdict(verdict);
  return (
    <div className={`verdict verdict-${summary.kind}`} data-testid="verify-verdict" data-verdict={summary.kind}>
      <p className="verdict-title">{summary.title}</p>
      <p>{summary.body}</p>
      <ul className="seal-checks" aria-label="Seal checks">
        {verdict.seal.checks.map((check) => (
          <li key={check.name} className={check.ok ? 'check-ok' : 'check-failed'}>
            <span className="check-mark" aria-hidden="true">
              {check.ok ? '✓' : '✗'}
            </span>
            <span className="visually-hidden">{check.ok ? 'Passed: ' : 'Failed: '}</span>
            <strong>{check.name}</strong> {check.detail}
          </li>
        ))}
      </ul>
    </div>
  );
}
