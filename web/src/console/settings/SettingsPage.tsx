import { Link } from 'wouter';
import { useT } from '../i18n.js';
import { useSession } from '../session.js';
import '../ui/ui.css';
import { ApiClientsSection } from './ApiClientsSection.js';
import { EmbeddingSection } from './EmbeddingSection.js';
import { PlanSection } from './PlanSection.js';
import { SecurityLogSection } from './SecurityLogSection.js';
import './settings.css';
import { SignInMethodsSection } from './SignInMethodsSection.js';
import { UsersSection } from './UsersSection.js';
import { WebhooksSection } from './WebhooksSection.js';

const SECTIONS = [
  { slug: 'api-clients', label: 'tabs.apiClients', adminOnly: true, Body: ApiClientsSection },
  { slug: 'webhooks', label: 'tabs.webhooks', adminOnly: true, Body: WebhooksSection },
  { slug: 'users', label: 'tabs.users', adminOnly: true, Body: UsersSection },
  { slug: 'sign-in', label: 'tabs.signIn', adminOnly: false, Body: SignInMethodsSection },
  { slug: 'embedding', label: 'tabs.embedding', adminOnly: true, Body: EmbeddingSection },
  { slug: 'security-log', label: 'tabs.securityLog', adminOnly: true, Body: SecurityLogSection },
  { slug: 'plan', label: 'tabs.plan', adminOnly: false, Body: PlanSection },
];

/**
 * The account's settings and the person's own sign-in methods. A sender sees those and the plan; an admin-only section opened by its
 * address still renders, and the API's 403 ROLE_FORBIDDEN is what the sender reads there.
 */
export function SettingsPage({ section }: { section?: string }) {
  const { user } = useSession();
  const t = useT('settings');
  const visible = SECTIONS.filter((item) => user.role === 'admin' || !item.adminOnly);
  const current = section === undefined ? visible[0] : SECTIONS.find((item) => item.slug === section);

  return (
    <>
      <div className="page-heading">
        <h1>{t('title')}</h1>
      </div>
      <nav className="settings-tabs" aria-label={t('sections')}>
        <ul>
          {visible.map((item) => (
            <li key={item.slug}>
              <Link href={`/settings/${item.slug}`} aria-current={item === current ? 'page' : undefined}>
                {t(item.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {current ? (
        <section aria-labelledby="settings-section-title" data-testid={`settings-${current.slug}`}>
          <h2 id="settings-section-title" className="settings-title">
            {t(current.label)}
          </h2>
          <current.Body />
        </section>
      ) : (
        <p>{t('noSection')}</p>
      )}
    </>
  );
}
