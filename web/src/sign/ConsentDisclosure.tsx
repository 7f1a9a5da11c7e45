import { useState } from 'react';
import { useTranslation } from './i18n.js';

interface ConsentDisclosureProps {
  text: string;
  accepted: boolean;
  onChange: (accepted: boolean) => void;
}

/**
 * The electronic-records disclosure and the explicit agreement to it. The text starts folded behind
 * "Read the disclosure" so that, on a phone, the first screen shows the documents and not a page of
 * terms; it is always the whole text whose SHA-256 the service records with the consent.
 */
export function ConsentDisclosure({ text, accepted, onChange }: ConsentDisclosureProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  const agree = (checked: boolean) => {
    if (checked) setOpen(false);
    onChange(checked);
  };

  return (
    <section className="panel consent" aria-labelledby="consent-title">
      <h2 id="consent-title" className="panel-title">
        {t('sign.consent.heading')}
      </h2>
      <details
        className="consent-details"
        open={open}
        onToggle={(event) => setOpen(event.currentTarget.open)}
        data-testid="consent-details"
      >
        <summary className="consent-summary" data-testid="consent-summary">
          {accepted ? t('sign.consent.summaryAgreed') : t('workflow_page.disclosure.read')}
        </summary>
        <div className="consent-text" data-testid="consent-text" role="region" aria-label={t('sign.consent.textLabel')} tabIndex={0}>
          {text}
        </div>
      </details>
      <div className="consent-check">
        <input
          id="consent"
          type="checkbox"
          data-testid="consent-checkbox"
          checked={accepted}
          onChange={(event) => agree(event.target.checked)}
        />
        <label htmlFor="consent">{t('sign.consent.agree')}</label>
      </div>
    </section>
  );
}
