/** The source of "now". Injected everywhere so expiry, reminders and token lifetimes are testable. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * 86_400_000);
export const addSeconds = (date: Date, seconds: number): Date => new Date(date.getTime() + seconds * 1000);
