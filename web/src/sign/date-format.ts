/**
 * The page's copy of the service's one date rule (src/domain/date-format.ts, which the mails and the
 * sealed PDF use): "22 November 2026", in UTC. The page is a separate build, so the rule is mirrored
 * here; test/unit/domain/date-format.test.ts proves the two agree.
 */

export type DateLanguage = 'en' | 'de' | 'fr' | 'es' | 'pt' | 'ja';

/** en is written day-first (en-GB), so "22 November 2026" reads the same on both sides of the Atlantic. */
const LOCALES: Record<DateLanguage, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR', es: 'es-ES', pt: 'pt-PT', ja: 'ja-JP' };

const utcFormat = (language: DateLanguage, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(LOCALES[language], { timeZone: 'UTC', ...options });

/** "22 November 2026" (en), "22. November 2026" (de), "2026年11月22日" (ja). */
export const formatDate = (date: Date, language: DateLanguage = 'en'): string =>
  utcFormat(language, { day: 'numeric', month: 'long', year: 'numeric' }).format(date);

/** "22 November 2026, 08:15 UTC": the date as above with the time of day, zone named. */
export const formatDateTime = (date: Date, language: DateLanguage = 'en'): string => {
  const time = utcFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
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
