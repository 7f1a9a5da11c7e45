import { listAccounts } from '../../app/accounts/list-accounts.js';
import { listPage } from '../../app/accounts/list-page.js';
import { integerOption, printList, type Command } from '../command.js';
import { presentListedAccount } from '../presenters.js';
import { withApp } from '../with-app.js';

export const accountList: Command = {
  usage: `countersign account list [--limit <n>] [--offset <n>] [--json]

Every account, oldest first, with its owner: at most --limit (1-1000, default 100) from --offset.`,
  options: { limit: { type: 'string' }, offset: { type: 'string' } },
  run: async (args) => {
    const page = listPage(integerOption(args, 'limit'), integerOption(args, 'offset'));
    const { items, more } = await withApp((ctx) => listAccounts(ctx, page));
    printList(args, 'accounts', items.map(presentListedAccount), more);
    return 0;
  },
};
