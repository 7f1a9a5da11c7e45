import { useState } from 'react';
import type { ApiFailure } from '../../shared/api-failure.js';
import { consoleApi, saveBlob } from '../console-api.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { useT } from '../i18n.js';
import type { EnvelopeDetails } from './envelope-types.js';

const pdfName = (name: string, suffix = '') => `${name.replace(/\.pdf$/i, '')}${suffix}.pdf`;

/**
 * The sealed documents and the certificate once Completed; before that, the originals as sent
 * (`signed_only=false`), so a sender can always see what went out.
 */
export function Downloads({ envelope }: { envelope: EnvelopeDetails }) {
  const t = useT('envelopes');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  const completed = envelope.status === 'Completed';
  const base = `/envelopes/${encodeURIComponent(envelope.envelope_id)}`;

  const download = async (key: string, path: string, fileName: string) => {
    setBusy(key);
    setError(null);
    try {
      saveBlob(await consoleApi.bytes(path), fileName);
    } catch (failure) {
      setError(failure as ApiFailure);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="panel" aria-labelledby="downloads-title">
      <h2 id="downloads-title" className="panel-title">
        {completed ? t('downloads.signedTitle') : t('downloads.title')}
      </h2>
      {!completed && <p className="hint">{t('downloads.notYet')}</p>}
      <ul className="download-list">
        {envelope.documents.map((document) => (
          <li key={document.document_id}>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy !== null}
              data-testid="download-document"
              onClick={() =>
                void download(
                  document.document_id,
                  `${base}/${document.document_id}/download?signed_only=${completed}`,
                  pdfName(document.name, completed ? ' (signed)' : ''),
                )
              }
            >
              {busy === document.document_id ? t('downloads.downloading') : t('downloads.document', { name: document.name })}
              <span className="hint download-pages"> · {t('downloads.pages', { count: document.pages })}</span>
            </button>
          </li>
        ))}
        {completed && (
          <li>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy !== null}
              data-testid="download-certificate"
              onClick={() => void download('certificate', `${base}/certificate/download`, pdfName(envelope.name, ' - certificate'))}
            >
              {busy === 'certificate' ? t('downloads.downloading') : t('downloads.certificate')}
            </button>
          </li>
        )}
      </ul>
      <ErrorNotice error={error} />
    </section>
  );
}
