import { presentIssuedClient } from '../presenters.js';
import { createClient } from '../../app/accounts/create-client.js';
import { printResult, requiredOption, type Command } from '../command.js';
import { withApp } from '../with-app.js';

export const clientCreate: Command = {
  usage: `countersign client create --account <account_id> [--json]

Prints client_id, client_secret and credentials. The secret is shown only this once.`,
  options: { account: { type: 'string' } },
  run: async (args) => {
    const accountId = requiredOption(args, 'account');
    const client = await withApp((ctx) => createClient(ctx, accountId));
    printResult(
      args,
      { account_id: accountId, ...presentIssuedClient(client) },
      'Keep client_secret and credentials now: they cannot be shown again.',
    );
    return 0;
  },
};
