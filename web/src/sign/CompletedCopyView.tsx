import { useEffect, useRef } from 'react';
import type { SigningApi } from './signing-api.js';
import type { SigningSession } from './signing-types.js';
import { useTranslation } from './i18n.js';

/**
 * A Completed envelope seen from a recipient's link, within the account's copy window: the sealed
 * documents and the certificate of completion, each a link the browser opens as a PDF.
 */
export function CompletedCopyView({ session, api }: { session: SigningSession; api: SigningApi }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const { t } = useTranslation();

  return (
    <section className="end-state end-state-completed-copy" data-testid="state-completed-copy">
      <h1 ref={headingRef} tabIndex={-1} className="end-state-title">
        {t('workflow_page.copy.title')}
      </h1>
      <p className="copy-envelope-name" data-testid="envelope-name">
        {session.envelope.name}
      </p>
      <p>{t('workflow_page.copy.body')}</p>
      <ul className="copy-downloads">
        {session.documents.map((document) => (
          <li key={document.document_id}>
            <a href={api.documentHref(document.document_id)} target="_blank" rel="noopener" data-testid="copy-document">
              {t('workflow_page.copy.document', { name: document.name })}
            </a>
          </li>
        ))}
        <li>
          <a href={api.documentHref('certificate')} target="_blank" rel="noopener" data-testid="copy-certificate">
            {t('workflow_page.copy.certificate')}
          </a>
        </li>
      </ul>
    </section>
  );
}
