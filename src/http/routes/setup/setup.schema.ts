import { Type } from 'typebox';
import { PLAN_NAMES } from '../../../config.js';
import { PASSWORD_RULE_SUMMARY, PASSWORD_RULES } from '../../../domain/password-policy.js';
import { Email, Id, Ok, RequiredText, Strict, Text } from '../../schema-kit.js';

export const SetupBody = Strict({
  setup_token: RequiredText(200, 'FIELD_REQUIRED', { description: 'The token of the setup URL that the server printed when it started' }),
  organisation_name: RequiredText(255, 'ACCOUNT_NAME_REQUIRED', { description: "The organisation's name: the account's name" }),
  owner: Strict(
    {
      name: RequiredText(255, 'USER_NAME_REQUIRED', { description: "The owner's name" }),
      email: Email({ description: "The owner's e-mail address", 'x-missing-code': 'FIELD_REQUIRED', 'x-invalid-code': 'INVALID_EMAIL' }),
      password: Text(4 * PASSWORD_RULES.maxLength, {
        description: `The owner's password. ${PASSWORD_RULE_SUMMARY} A rule broken: 400 WEAK_PASSWORD.`,
      }),
    },
    { description: "The first user: an admin, and the account's owner" },
  ),
  plan: Type.Optional(
    Type.String({
      enum: [...PLAN_NAMES],
      maxLength: 16,
      'x-invalid-code': 'INVALID_PLAN',
      description: "The account's plan; `enterprise` (no monthly quota) when left out",
    }),
  ),
});

export const SetupResponse = Ok(
  Type.Object({ account_id: Id('acct'), user_id: Id('usr') }),
  'Set up: the account and its owner exist, and the session cookie signs the owner in to the console',
);

export const presentSetup = (setup: { accountId: string; userId: string }) => ({ account_id: setup.accountId, user_id: setup.userId });
