import { getAccount } from '../../app/accounts/get-account.js';
import { listWebhooks } from '../../app/webhooks/list-webhooks.js';
import { type Command } from '../command.js';
import { presentWebhookListed } from '../presenters.js';
import { withApp } from '../with-app.js';

export const webhookList: Command = {
  usage: `countersign webhook list [--account <account_id>] [--json]

Lists the webhooks of one account, or of every account: id, account, URL, events, enabled (and why
the service disabled one). Secrets are never shown.`,
  options: { account: { type: 'string' } },
  run: async (args) => {
    const accountId = typeof args.values.account === 'string' ? args.values.account : undefined;
    const webhooks = await withApp(async (ctx) => {
      if (accountId !== undefined) await getAccount(ctx, accountId);
      return listWebhooks(ctx, accountId);
    });
    const listed = webhooks.map(presentWebhookListed);
    if (args.json) {
      console.log(JSON.stringify({ webhooks: listed }));
      return 0;
    }
    if (!listed.length) console.log('No webhooks.');
    for (const webhook of listed) {
      const state = webhook.enabled ? 'enabled' : `disabled${webhook.disabled_reason ? ` (${webhook.disabled_reason})` : ''}`;
      console.log(`${webhook.webhook_id}  ${webhook.account_id}  ${webhook.url}  ${webhook.events.join(',')}  ${state}`);
    }
    return 0;
  },
};
