import type { SecurityEvent } from '../../domain/security-event.js';
import { listSecurityEvents as readSecurityEventPage } from '../../infra/db/tables/security-events-table.js';
import type { AppContext } from '../context.js';

export interface SecurityEventPage {
  events: SecurityEvent[];
  total: number;
  page: number;
  pageSize: number;
}

/** `GET /account/security_events`: one page of the caller's account's log, newest first; other accounts' events are never read. */
export const listSecurityEvents = async (
  ctx: AppContext,
  input: { accountId: string; page: number; pageSize: number },
): Promise<SecurityEventPage> => {
  const { events, total } = await readSecurityEventPage(ctx.db, input.accountId, {
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  });
  return { events, total, page: input.page, pageSize: input.pageSize };
};
