/**
 * The rules of recipient authentication (docs/concepts/recipients.md): how long codes and sessions live, how many
 * wrong codes lock a signer out, and how the method reads on the certificate.
 */
export const AUTHENTICATION_RULES = {
  /** Wrong codes in a row that lock the signer out. */
  maxAttempts: 5,
  lockSeconds: 15 * 60,
  smsCodeSeconds: 10 * 60,
  /** At most one SMS code per this many seconds. */
  smsResendSeconds: 60,
  sessionSeconds: 60 * 60,
  smsCodeDigits: 6,
} as const;

export type AuthenticationMethodName = 'access_code' | 'sms';

/** `+49…1234`: the country code and the last four digits, enough to recognise one's own phone. */
export const maskedPhoneNumber = (countryCode: number | null, phoneNumber: string | null): string => {
  const digits = (phoneNumber ?? '').replace(/\D/g, '');
  const prefix = countryCode === null ? '' : `+${countryCode}`;
  return `${prefix}…${digits.slice(-4)}`;
};

/** The international number an SMS goes to: `+<country code><digits>`, without a national trunk 0. */
export const internationalPhoneNumber = (countryCode: number, phoneNumber: string): string =>
  `+${countryCode}${phoneNumber.replace(/\D/g, '').replace(/^0+/, '')}`;

/** How the method reads on the certificate of completion and in the ledger. */
export const describeMethod = (
  method: AuthenticationMethodName,
  phone: { countryCode: number | null; phoneNumber: string | null },
): string => (method === 'access_code' ? 'access code' : `SMS to ${maskedPhoneNumber(phone.countryCode, phone.phoneNumber)}`);

/** Seconds until an instant (at least 1, so a Retry-After never says 0 while still refusing). */
export const secondsUntil = (instant: Date, now: Date): number => Math.max(1, Math.ceil((instant.getTime() - now.getTime()) / 1000));
