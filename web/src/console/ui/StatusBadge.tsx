import { useT } from '../i18n.js';
import { humanize } from './format.js';

/** A status as a word with a colour; the colour only repeats what the word says. A status the catalogs lack reads as English words. */
export function StatusBadge({ status }: { status: string }) {
  const t = useT('common');
  return <span className={`status-badge status-${status.toLowerCase()}`}>{t(`status.${status}`, { defaultValue: humanize(status) })}</span>;
}
