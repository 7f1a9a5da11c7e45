import { addDays } from '../../domain/clock.js';
import { countEnvelopesByDay } from '../../infra/db/tables/envelope-statistics-table.js';
import type { AppContext } from '../context.js';

export interface DayActivity {
  /** `YYYY-MM-DD`, UTC. */
  date: string;
  created: number;
  completed: number;
}

/**
 * `GET /account/statistics/daily`: envelopes created and completed on each of the last `days` UTC
 * days, today included, oldest first; a day without any counts zero.
 */
export const getDailyStatistics = async (ctx: AppContext, accountId: string, days: number): Promise<DayActivity[]> => {
  const now = ctx.clock.now();
  const end = addDays(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())), 1);
  const window = { start: addDays(end, -days), end };
  const [created, completed] = await Promise.all([
    countEnvelopesByDay(ctx.db, accountId, 'created_at', window),
    countEnvelopesByDay(ctx.db, accountId, 'completed_at', window),
  ]);
  return Array.from({ length: days }, (_, index) => {
    const date = addDays(window.start, index).toISOString().slice(0, 10);
    return { date, created: created.get(date) ?? 0, completed: completed.get(date) ?? 0 };
  });
};
