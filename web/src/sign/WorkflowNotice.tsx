import type { SigningSession } from './signing-types.js';
import { useTranslation } from './i18n.js';

/** What this recipient's step is, when it is more than signing alone: approving, viewing, a group, a witness. */
export function WorkflowNotice({ session }: { session: SigningSession }) {
  const { t } = useTranslation();
  const role = session.signer.role ?? 'signer';
  const lines: { key: string; text: string }[] = [];
  if (role === 'approver') lines.push({ key: 'approver', text: t('workflow_page.intro.approver') });
  if (role === 'viewer') lines.push({ key: 'viewer', text: t('workflow_page.intro.viewer') });
  if (session.group) {
    const { name, required, signed } = session.group;
    lines.push({ key: 'group', text: t('workflow_page.intro.group', { group: name, required, signed }) });
  }
  if (session.witness_for) lines.push({ key: 'witness', text: t('workflow_page.intro.witness', { name: session.witness_for.name }) });
  if (session.names_witness) lines.push({ key: 'names-witness', text: t('workflow_page.intro.namesWitness') });
  if (session.host) lines.push({ key: 'in-person', text: t('workflow_page.intro.inPerson', { host: session.host.name }) });
  if (lines.length === 0) return null;
  return (
    <div className="workflow-notice" data-testid="workflow-notice">
      {lines.map((line) => (
        <p key={line.key} data-testid={`notice-${line.key}`}>
          {line.text}
        </p>
      ))}
    </div>
  );
}
