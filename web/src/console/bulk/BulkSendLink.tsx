import { Link } from 'wouter';
import { useT } from '../i18n.js';

/** From a template's page to a bulk send with that template chosen. */
export function BulkSendLink({ templateId }: { templateId: string }) {
  const t = useT('bulk');
  return (
    <Link
      href={`/bulk-sends?template_id=${encodeURIComponent(templateId)}`}
      className="button button-secondary"
      data-testid="bulk-send-link"
    >
      {t('fromTemplate')}
    </Link>
  );
}
