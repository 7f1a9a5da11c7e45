import { useEffect, useRef } from 'react';
import type { SigningSession } from './signing-types.js';
import { useTranslation } from './i18n.js';

/**
 * An in-person signing opens on the host's device: before the documents, the host is told to hand
 * the device over, and the signer starts once they hold it.
 */
export function HandOver({ session, onStart }: { session: SigningSession; onStart: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const { t } = useTranslation();
  const name = session.signer.name;

  return (
    <section className="end-state hand-over" data-testid="hand-over">
      <h1 ref={headingRef} tabIndex={-1} className="end-state-title">
        {t('workflow_page.handover.title', { name })}
      </h1>
      <p className="hand-over-envelope">{session.envelope.name}</p>
      <p>{t('workflow_page.handover.body', { name })}</p>
      {session.host ? <p className="hand-over-host">{t('workflow_page.intro.inPerson', { host: session.host.name })}</p> : null}
      <button type="button" className="button button-primary" data-testid="hand-over-start" onClick={onStart}>
        {t('workflow_page.handover.start', { name })}
      </button>
    </section>
  );
}
