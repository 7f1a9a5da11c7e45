import { useT } from '../i18n.js';
import type { BulkSendStatus } from './bulk-types.js';
import '../ui/ui.css';

/** A bulk send's status as a word with a colour; the colour only repeats what the word says. */
export function BulkStatusBadge({ status }: { status: BulkSendStatus }) {
  const t = useT('bulk');
  return <span className={`status-badge status-${status}`}>{t(`status.${status}`)}</span>;
}
