import { Link } from 'wouter';
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
  { slug: 'api-clients', label: 'API clients', adminOnly: true, Body: ApiClientsSection },
  { slug: 'webhooks', label: 'Webhooks', adminOnly: true, Body: WebhooksSection },
  { slug: 'users', label: 'Users', adminOnly: true, Body: UsersSection },
  { slug: 'sign-in', label: 'Sign-in methods', adminOnly: false, Body: SignInMethodsSection },
  { slug: 'embedding', label: 'Embedding', adminOnly: true, Body: EmbeddingSection },
  { slug: 'security-log', label: 'Security log', adminOnly: true, Body: SecurityLogSection },
  { slug: 'plan', label: 'Plan and usage', adminOnly: false, Body: PlanSection },
];

/**
 * The account's settings and the person's own sign-in methods. A sender sees those and the plan; an admin-only section opened by its
 * address still renders, and the API's 403 ROLE_FORBIDDEN is what the sender reads there.
 */
export function SettingsPage({ section }: { section?: string }) {
  const { user } = useSession();
  const visible = SECTIONS.filter((item) => user.role === 'admin' || !item.adminOnly);
  const current = section === undefined ? visible[0] : SECTIONS.find((item) => item.slug === section);

  return (
    <>
      <div className="page-heading">
        <h1>Settings</h1>
      </div>
      <nav className="settings-tabs" aria-label="Settings sections">
        <ul>
          {visible.map((item) => (
            <li key={item.slug}>
              <Link href={`/settings/${item.slug}`} aria-current={item === current ? 'page' : undefined}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {current ? (
        <section aria-labelledby="settings-section-title" data-testid={`settings-${current.slug}`}>
          <h2 id="settings-section-title" className="settings-title">
            {current.label}
          </h2>
          <current.Body />
        </section>
      ) : (
        <p>There is no such settings section. Choose one above.</p>
      )}
    </>
  );
}
