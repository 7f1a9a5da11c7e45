import type { Language } from './language.js';

/**
 * The one rule for dates people read — on the signing page, in the mails and stamped into the PDF:
 * day, month spelled out, year ("22 November 2026"), always in UTC. A spelled-out month cannot be
 * misread the way 11/02 can, and UTC is the one zone the service knows for every reader. The
 * signing page imports this very module (it is pure), so the page and the PDF cannot disagree.
 */

export type DateLanguage = Language;

/** en is written day-first (en-GB), so "22 November 2026" reads the same on both sides of the Atlantic. */
const LOCALES: Record<DateLanguage, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR', es: 'es-ES', pt: 'pt-PT', ja: 'ja-JP' };

const PATTERNS = {
  date: { day: 'numeric', month: 'long', year: 'numeric' },
  minutes: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  seconds: { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * One formatter per language and pattern, made once: building an Intl.DateTimeFormat costs ICU
 * work and native memory, and every mail and certificate formats several dates.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

const utcFormat = (language: DateLanguage, pattern: keyof typeof PATTERNS): Intl.DateTimeFormat => {
  const key = `${language}:${pattern}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALES[language], { timeZone: 'UTC', ...PATTERNS[pattern] });
    formatters.set(key, formatter);
  }
  return formatter;
};

/** "22 November 2026" (en), "22. November 2026" (de), "2026年11月22日" (ja). */
export const formatDate = (date: Date, language: DateLanguage = 'en'): string => utcFormat(language, 'date').format(date);

/** "22 November 2026, 08:15 UTC": the date as above with the time of day, zone named. */
export const formatDateTime = (date: Date, language: DateLanguage = 'en'): string => {
  const time = utcFormat(language, 'minutes').format(date);
  return `${formatDate(date, language)}, ${time} UTC`;
};

/**
 * "22 November 2026, 08:15:42 UTC": as formatDateTime, to the second, for records where the order
 * of events a few seconds apart matters (the certificate of completion).
 */
export const formatTimestamp = (date: Date, language: DateLanguage = 'en'): string => {
  const time = utcFormat(language, 'seconds').format(date);
  return `${formatDate(date, language)}, ${time} UTC`;
};

/**
 * A `date_signed` value as stored (the ISO day, "2026-11-22", which the API returns) in the words
 * people read; anything that is not such a day is shown as it is.
 */
export const formatIsoDay = (value: string, language: DateLanguage = 'en'): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? value : formatDate(date, language);
};
