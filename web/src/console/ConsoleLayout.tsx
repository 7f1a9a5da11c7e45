import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { LanguagePicker, useT } from './i18n.js';
import { useSession } from './session.js';

const SECTIONS = [
  { href: '/envelopes', label: 'nav.envelopes' },
  { href: '/compose', label: 'nav.send' },
  { href: '/templates', label: 'nav.templates' },
  { href: '/bulk-sends', label: 'nav.bulkSend' },
  { href: '/settings', label: 'nav.settings' },
] as const;

export function ConsoleLayout({ children }: { children: ReactNode }) {
  const { user, account, signOut } = useSession();
  const t = useT('common');
  const [location] = useLocation();
  const current = (href: string) => location === href || location.startsWith(`${href}/`);

  return (
    <>
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      <header className="console-header">
        <div className="console-header-row">
          <Link href="/envelopes" className="brand console-brand">
            Countersign
          </Link>
          <span className="console-account">{account.name}</span>
          <span className="console-user">
            {user.name} · {t(`role.${user.role}`)}
          </span>
          <LanguagePicker label={t('layout.language')} />
          <button type="button" className="button button-header" onClick={signOut}>
            {t('layout.signOut')}
          </button>
        </div>
        <nav aria-label={t('layout.consoleNav')} className="console-nav">
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.href}>
                <Link href={section.href} aria-current={current(section.href) ? 'page' : undefined}>
                  {t(section.label)}
                </Link>
              </li>
            ))}
            <li>
              <a href="/docs" hrefLang="en">
                {t('nav.apiDocs')}
              </a>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main" className="console-main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
