import { presentRevokedClient } from '../presenters.js';
import { revokeClient } from '../../app/accounts/revoke-client.js';
import { printResult, UsageError, type Command } from '../command.js';
import { withApp } from '../with-app.js';

export const clientRevoke: Command = {
  usage: 'countersign client revoke --client <client_id> [--json]   (or: countersign client revoke <client_id>)',
  options: { client: { type: 'string' } },
  run: async (args) => {
    const clientId = typeof args.values.client === 'string' ? args.values.client : args.positionals[0];
    if (!clientId) throw new UsageError('--client is required');
    printResult(args, presentRevokedClient(await withApp((ctx) => revokeClient(ctx, clientId))));
    return 0;
  },
};
