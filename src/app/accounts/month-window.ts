/**
 * The first instant of a calendar month in UTC, as the database stores instants (ISO 8601, milliseconds,
 * `Z`). Written out rather than through Date#toISOString, which costs V8 about 8,000 instructions a call:
 * three of them were 8 % of an account read (docs/benchmarks.md).
 */
const monthStart = (year: number, monthIndex: number): string => {
  const month = monthIndex === 12 ? 1 : monthIndex + 1;
  const y = monthIndex === 12 ? year + 1 : year;
  return `${String(y).padStart(4, '0')}-${String(month).padStart(2, '0')}-01T00:00:00.000Z`;
};

/** The quota month is the calendar month in UTC (docs/api/authentication.md): [start, end) as stored instants. */
export const monthWindow = (now: Date): { start: string; end: string } => ({
  start: monthStart(now.getUTCFullYear(), now.getUTCMonth()),
  end: monthStart(now.getUTCFullYear(), now.getUTCMonth() + 1),
});
