const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A timestamp of the API as the reader's local date and time; '—' for none. */
export const formatDateTime = (iso: string | null | undefined): string => (iso ? dateTime.format(new Date(iso)) : '—');

export const formatDate = (iso: string | null | undefined): string => (iso ? dateOnly.format(new Date(iso)) : '—');

/** `InProgress` → `In progress`: statuses and activity types as words. */
export const humanize = (code: string): string => {
  const words = code
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const calendarDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A calendar day of the API (`2026-03-01`, a UTC day) without shifting it into the reader's zone. */
export const formatDay = (date: string, short = false): string => (short ? shortDay : calendarDay).format(new Date(`${date}T00:00:00Z`));
