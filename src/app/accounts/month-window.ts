/** The quota month is the calendar month in UTC (docs/api/authentication.md). */
export const monthWindow = (now: Date): { start: Date; end: Date } => ({
  start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
  end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
});
