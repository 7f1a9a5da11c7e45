import type { User } from '../infra/db/tables/users-table.js';
import type { CreatedAccount } from '../app/accounts/create-account.js';
import type { IssuedClient } from '../app/accounts/create-client.js';
import type { Webhook } from '../app/webhooks/list-webhooks.js';
import type { ListedAccount } from '../app/accounts/list-accounts.js';
import type { ListedClient } from '../app/accounts/list-clients.js';
import type { ResealRun } from '../app/completion/reseal-and-run.js';

/** What the commands print, key for key as docs/ documents them: snake_case, like the API. */

export const presentIssuedClient = (client: IssuedClient) => ({
  client_id: client.clientId,
  client_secret: client.clientSecret,
  credentials: client.credentials,
});

export const presentCreatedAccount = (account: CreatedAccount) => ({
  account_id: account.accountId,
  user_id: account.userId,
  ...presentIssuedClient(account),
});

export const presentRevokedClient = (revoked: { clientId: string; revokedAt: string }) => ({
  client_id: revoked.clientId,
  revoked_at: revoked.revokedAt,
});

export const presentAccountSettings = (settings: { accountId: string; frameAncestors: string[]; defaultLanguage: string }) => ({
  account_id: settings.accountId,
  frame_ancestors: settings.frameAncestors,
  default_language: settings.defaultLanguage,
});

export const presentWebhookListed = (webhook: Webhook) => ({
  webhook_id: webhook.id,
  account_id: webhook.accountId,
  url: webhook.url,
  description: webhook.description,
  events: webhook.events,
  enabled: webhook.enabled,
  disabled_reason: webhook.disabledReason,
  created_at: webhook.createdAt,
});

export const presentReseal = (run: ResealRun) => ({
  envelope_id: run.envelopeId,
  state: run.completion.state,
  attempts: run.completion.attempts,
  last_error: run.completion.lastError,
  next_attempt_at: run.completion.nextAttemptAt,
});

export const presentListedAccount = (account: ListedAccount) => ({
  account_id: account.accountId,
  name: account.name,
  plan: account.plan,
  owner_name: account.ownerName,
  owner_email: account.ownerEmail,
  created_at: account.createdAt,
});

export const presentListedClient = (client: ListedClient) => ({
  client_id: client.clientId,
  account_id: client.accountId,
  status: client.revokedAt ? 'revoked' : 'active',
  created_at: client.createdAt,
  revoked_at: client.revokedAt,
});

export const presentInvitedUser = (user: User) => ({
  user_id: user.id,
  account_id: user.accountId,
  name: user.name,
  email: user.email,
  role: user.role,
  created_at: user.createdAt,
});

export const presentLoginLink = (link: { userId: string; accountId: string; url: string; expiresAt: string }) => ({
  user_id: link.userId,
  account_id: link.accountId,
  login_url: link.url,
  expires_at: link.expiresAt,
});
