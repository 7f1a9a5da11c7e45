import { humanize } from './format.js';

/** A status as a word with a colour; the colour only repeats what the word says. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`status-badge status-${status.toLowerCase()}`}>{humanize(status)}</span>;
}
