import { useMemo } from 'react';
import { useLanguage } from '../i18n.js';

/**
 * Dates and numbers in the console's language (`locale`), in the reader's own time zone. Without a
 * locale they follow the browser, as outside the console.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

const cached = <T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T => {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter as T;
};

const dateFormat = (locale: string | undefined, style: 'dateTime' | 'date' | 'day' | 'shortDay'): Intl.DateTimeFormat =>
  cached(`${locale ?? ''}:${style}`, () => {
    switch (style) {
      case 'dateTime':
        return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
      case 'date':
        return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
      case 'day':
        return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
      case 'shortDay':
        return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    }
  });

/** A timestamp of the API as the reader's local date and time; '—' for none. */
export const formatDateTime = (iso: string | null | undefined, locale?: string): string =>
  iso ? dateFormat(locale, 'dateTime').format(new Date(iso)) : '—';

export const formatDate = (iso: string | null | undefined, locale?: string): string =>
  iso ? dateFormat(locale, 'date').format(new Date(iso)) : '—';

/** A calendar day of the API (`2026-03-01`, a UTC day) without shifting it into the reader's zone. */
export const formatDay = (date: string, short = false, locale?: string): string =>
  dateFormat(locale, short ? 'shortDay' : 'day').format(new Date(`${date}T00:00:00Z`));

export const formatNumber = (value: number, locale?: string): string =>
  cached(`${locale ?? ''}:number`, () => new Intl.NumberFormat(locale)).format(value);

/** `InProgress` → `In progress`: a code the console has no words for yet, in readable English. */
export const humanize = (code: string): string => {
  const words = code
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export interface Formats {
  dateTime: (iso: string | null | undefined) => string;
  date: (iso: string | null | undefined) => string;
  day: (date: string, short?: boolean) => string;
  number: (value: number) => string;
}

/** The formatters of the language the console speaks now. */
export const useFormat = (): Formats => {
  const { language } = useLanguage();
  return useMemo(
    () => ({
      dateTime: (iso) => formatDateTime(iso, language),
      date: (iso) => formatDate(iso, language),
      day: (date, short) => formatDay(date, short, language),
      number: (value) => formatNumber(value, language),
    }),
    [language],
  );
};
