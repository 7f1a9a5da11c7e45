/**
 * Row types of every table, one source for Kysely's query typing.
 * Conventions that keep one code path for SQLite and PostgreSQL: times are ISO 8601 UTC text
 * (fixed width, so they sort as text), booleans are integers 0/1, JSON is text.
 */
export interface AccountsTable {
  id: string;
  name: string;
  plan: string;
  owner_user_id: string;
  frame_ancestors: string;
  created_at: string;
}

export interface UsersTable {
  id: string;
  account_id: string;
  name: string;
  email: string;
  created_at: string;
}

export interface ApiClientsTable {
  id: string;
  account_id: string;
  secret_hash: string;
  created_at: string;
  revoked_at: string | null;
}

export interface TokenFamiliesTable {
  id: string;
  account_id: string;
  client_id: string;
  created_at: string;
  revoked_at: string | null;
}

export interface AccessTokensTable {
  token_hash: string;
  family_id: string;
  account_id: string;
  client_id: string;
  expires_at: string;
  created_at: string;
}

export interface RefreshTokensTable {
  token_hash: string;
  family_id: string;
  access_token_hash: string;
  expires_at: string;
  created_at: string;
  used_at: string | null;
}

export interface IdempotencyKeysTable {
  account_id: string;
  idempotency_key: string;
  request_hash: string;
  state: 'running' | 'done';
  response_status: number | null;
  response_body: string | null;
  created_at: string;
}

export interface Database {
  accounts: AccountsTable;
  users: UsersTable;
  api_clients: ApiClientsTable;
  token_families: TokenFamiliesTable;
  access_tokens: AccessTokensTable;
  refresh_tokens: RefreshTokensTable;
  idempotency_keys: IdempotencyKeysTable;
}
