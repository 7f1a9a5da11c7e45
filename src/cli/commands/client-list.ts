import { listClients } from '../../app/accounts/list-clients.js';
import { listPage } from '../../app/accounts/list-page.js';
import { integerOption, printList, type Command } from '../command.js';
import { presentListedClient } from '../presenters.js';
import { withApp } from '../with-app.js';

export const clientList: Command = {
  usage: `countersign client list [--account <account_id>] [--limit <n>] [--offset <n>] [--json]

API clients, oldest first, of one account or of all: ids and dates, never a secret. At most --limit
(1-1000, default 100) from --offset.`,
  options: { account: { type: 'string' }, limit: { type: 'string' }, offset: { type: 'string' } },
  run: async (args) => {
    const page = listPage(integerOption(args, 'limit'), integerOption(args, 'offset'));
    const accountId = typeof args.values.account === 'string' ? args.values.account : undefined;
    const { items, more } = await withApp((ctx) => listClients(ctx, { ...page, ...(accountId ? { accountId } : {}) }));
    printList(args, 'clients', items.map(presentListedClient), more);
    return 0;
  },
};
