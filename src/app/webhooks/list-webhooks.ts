import { readWebhooks, type Webhook } from '../../infra/db/tables/webhooks-table.js';

export type { Webhook };
import type { AppContext } from '../context.js';

/** An account's webhooks (at most MAX_WEBHOOKS_PER_ACCOUNT), oldest first; undefined lists every account's (the operator's CLI). */
export const listWebhooks = (ctx: AppContext, accountId: string | undefined): Promise<Webhook[]> => readWebhooks(ctx.db, accountId);
