const UTC_DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * A date as recipients read it, e.g. "21 November 2026, 08:15 UTC". Always UTC: the service does not
 * know the recipient's time zone, and an explicit zone cannot be misread.
 */
export const formatMailDate = (date: Date): string => {
  const parts = Object.fromEntries(UTC_DATE_TIME.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} UTC`;
};
