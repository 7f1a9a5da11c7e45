import { presentAccountSettings } from '../presenters.js';
import { updateAccount } from '../../app/accounts/update-account.js';
import { printResult, requiredOption, UsageError, type Command } from '../command.js';
import { withApp } from '../with-app.js';

const originList = (value: string | boolean | undefined): string[] | undefined =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean)
    : undefined;

export const accountUpdate: Command = {
  usage: `countersign account update --account <account_id> [--frame-ancestors "https://a.example,https://b.example"] [--default-language de] [--json]

--frame-ancestors lists the origins allowed to show the signing page in an iFrame (embedded signing);
an empty string "" allows none.
--default-language is the language of recipients an envelope request gives none: en, de, fr, es, pt or ja.`,
  options: { account: { type: 'string' }, 'frame-ancestors': { type: 'string' }, 'default-language': { type: 'string' } },
  run: async (args) => {
    const accountId = requiredOption(args, 'account');
    const frameAncestors = originList(args.values['frame-ancestors']);
    const language = args.values['default-language'];
    const defaultLanguage = typeof language === 'string' ? language : undefined;
    if (!frameAncestors && defaultLanguage === undefined)
      throw new UsageError('nothing to update: give --frame-ancestors or --default-language');
    printResult(args, presentAccountSettings(await withApp((ctx) => updateAccount(ctx, accountId, { frameAncestors, defaultLanguage }))));
    return 0;
  },
};
