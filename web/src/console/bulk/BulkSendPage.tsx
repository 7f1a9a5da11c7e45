import { useSearch } from 'wouter';
import { useT } from '../i18n.js';
import '../../editor/forms.css';
import '../envelopes/envelopes.css';
import '../ui/ui.css';
import { BulkSendList } from './BulkSendList.js';
import './bulk.css';
import { NewBulkSend } from './NewBulkSend.js';

/** Bulk send: one envelope per row of a CSV, from a template; and the sends so far. `?template_id=` preselects a template. */
export function BulkSendPage() {
  const t = useT('bulk');
  const templateId = new URLSearchParams(useSearch()).get('template_id') ?? '';
  return (
    <div className="bulk-send">
      <div className="page-heading">
        <h1>{t('title')}</h1>
      </div>
      <p className="bulk-intro">{t('intro')}</p>
      <NewBulkSend key={templateId} initialTemplateId={templateId} />
      <BulkSendList />
    </div>
  );
}
