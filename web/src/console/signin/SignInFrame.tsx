import type { ReactNode } from 'react';
import { LanguagePicker, useT } from '../i18n.js';
import './signin.css';

/** The card of the pages before sign-in: the brand, the language picker, a title and the page's own content. */
export function SignInFrame({ title, children }: { title: string; children: ReactNode }) {
  const t = useT('signin');
  return (
    <main className="sign-in">
      <div className="sign-in-card panel">
        <div className="sign-in-top">
          <p className="brand sign-in-brand">Countersign</p>
          <LanguagePicker label={t('language')} />
        </div>
        <h1 className="sign-in-title">{title}</h1>
        {children}
      </div>
      <p className="sign-in-links">
        {t('apiDocs')} <a href="/docs">{t('apiDocsLink')}</a>
      </p>
    </main>
  );
}
