import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useSession } from './session.js';

const SECTIONS = [
  { href: '/envelopes', label: 'Envelopes' },
  { href: '/compose', label: 'Send' },
  { href: '/templates', label: 'Templates' },
  { href: '/settings', label: 'Settings' },
];

export function ConsoleLayout({ children }: { children: ReactNode }) {
  const { user, account, signOut } = useSession();
  const [location] = useLocation();
  const current = (href: string) => location === href || location.startsWith(`${href}/`);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="console-header">
        <div className="console-header-row">
          <Link href="/envelopes" className="brand console-brand">
            Countersign
          </Link>
          <span className="console-account">{account.name}</span>
          <span className="console-user">
            {user.name} · {user.role}
          </span>
          <button type="button" className="button button-header" onClick={signOut}>
            Sign out
          </button>
        </div>
        <nav aria-label="Console" className="console-nav">
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.href}>
                <Link href={section.href} aria-current={current(section.href) ? 'page' : undefined}>
                  {section.label}
                </Link>
              </li>
            ))}
            <li>
              <a href="/docs">API docs</a>
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
