import type { Generated } from 'kysely';

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
  default_language: string;
  created_at: string;
  /** Days a signer's link keeps showing the completed envelope and its sealed copy (migration 0025). */
  signer_copy_days: number;
  /** Days after an envelope ended that its document bytes are kept; null: forever (migration 0030). */
  retention_days: number | null;
  /** Hex; the key of the pseudonyms that replace an erased person, made at the account's first erasure. */
  erasure_salt: string | null;
}

export interface UsersTable {
  id: string;
  account_id: string;
  name: string;
  email: string;
  /** `admin` or `sender` (UserRole). */
  role: string;
  created_at: string;
  /** scrypt (src/infra/password-hash.ts); null until the user sets a password. */
  password_hash: string | null;
}

export interface ConsoleLoginLinksTable {
  token_hash: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface ConsoleSessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  account_id: string;
  last_seen_at: string;
  expires_at: string;
  ended_at: string | null;
  created_at: string;
}

export interface ConsoleAccessTokensTable {
  token_hash: string;
  session_id: string;
  account_id: string;
  user_id: string;
  role: string;
  expires_at: string;
  created_at: string;
}

export interface ApiClientsTable {
  id: string;
  account_id: string;
  secret_hash: string;
  description: string | null;
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
  claim_id: string | null;
  lease_until: string | null;
}

export interface BlobsTable {
  sha256: string;
  size: number;
  content: Uint8Array | null;
  created_at: string;
}

export interface TemplatesTable {
  id: string;
  account_id: string;
  name: string;
  description: string | null;
  status: 'Active' | 'Inactive';
  /** JSON: envelope setting defaults. */
  settings: string;
  /** JSON: signer roles (title, signing order, fields) and observer roles. */
  roles: string;
  created_at: string;
  deleted_at: string | null;
}

export interface EnvelopesTable {
  id: string;
  account_id: string;
  created_by_user_id: string;
  template_id: string | null;
  name: string;
  description: string | null;
  tags: string;
  metadata: string;
  message: string | null;
  status: string;
  sign_process_flow: string;
  expiration_days: number;
  email_reminders: number;
  reminder_period: number | null;
  append_verification_qr_code: number;
  remove_signed_envelope: number;
  enforce_signers_location: number;
  send_email_to_recipients: number;
  created_at: string;
  signing_due_date: string;
  completed_at: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  declined_at: string | null;
  expired_at: string | null;
  documents_removed_at: string | null;
  deleted_at: string | null;
  ledger_head_hash: string | null;
  sealed_ledger_head_hash: string | null;
  allow_reassign: number;
  /** A signer sent the envelope back to its sender (status Correcting): when, why and who. */
  returned_at: string | null;
  return_comment: string | null;
  returned_by: string | null;
  /** The bulk send that created it (migration 0029); null for any other envelope. */
  bulk_send_id: string | null;
  /** When the retention purge deleted its document bytes (migration 0030); null until then. */
  documents_purged_at: string | null;
}

export interface DocumentsTable {
  id: string;
  account_id: string;
  envelope_id: string | null;
  template_id: string | null;
  position: number;
  name: string;
  /** JSON: [{width, height, rotation}] as the signer sees each page. */
  pages: string;
  size: number;
  sha256: string;
  sealed_sha256: string | null;
  /** JSON: a template document's anchor texts → where they occur ({page, x, y}[]); null when not searched yet. */
  anchors: string | null;
  /** The file the document was converted from (migration 0028, docs/api/conversion.md); null when it came as a PDF. */
  original_name: string | null;
  original_media_type: string | null;
  original_sha256: string | null;
}

export interface RecipientsTable {
  id: string;
  envelope_id: string;
  role: 'signer' | 'observer';
  position: number;
  name: string;
  email: string;
  title: string | null;
  signing_order: number;
  status: string;
  country_code: number | null;
  phone_number: string | null;
  private_note: string | null;
  sent_at: string | null;
  viewed_at: string | null;
  consented_at: string | null;
  consent_text_sha256: string | null;
  language: string;
  signed_at: string | null;
  declined_at: string | null;
  decline_reason: string | null;
  ip_address: string | null;
  user_agent: string | null;
  location: string | null;
  signature: string | null;
  last_reminded_at: string | null;
  auto_reminded_at: string | null;
  /** What this signer step does (SignerRole); observers keep 'signer'. */
  signer_role: string;
  /** An in-person signer's host: the account user on whose device they sign. */
  host_user_id: string | null;
  /** A witness's witnessed signer (a recipient id). */
  witness_for: string | null;
  /** The signing group this recipient is a member of. */
  group_id: string | null;
  /** JSON: the document ids a viewer has fetched. */
  viewed_documents: string | null;
  approved_at: string | null;
  not_needed_at: string | null;
}

/** A signing group (docs/api/workflows.md): `required` of its members must sign for its step to be done. */
export interface SigningGroupsTable {
  id: string;
  envelope_id: string;
  name: string;
  required: number;
  /** The group's place among the envelope's signer entries (1-based). */
  position: number;
  completed_at: string | null;
}

/** One hand-over of a recipient's step to another person; a recipient's rows in `position` order are its chain. */
export interface RecipientDelegationsTable {
  id: string;
  envelope_id: string;
  recipient_id: string;
  position: number;
  from_name: string;
  from_email: string;
  to_name: string;
  to_email: string;
  reason: string | null;
  at: string;
}

export interface FieldsTable {
  id: string;
  envelope_id: string;
  recipient_id: string;
  position: number;
  type: string;
  document: number;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  required: number;
  placeholder: string | null;
  default_value: string | null;
  editable: number;
  options: string | null;
  value: string | null;
  /** Unique per envelope; conditions refer to it. */
  name: string | null;
  /** JSON: {field, equals} — shown only when that named field has that value. */
  show_if: string | null;
}

export interface SigningTokensTable {
  token_hash: string;
  recipient_id: string;
  envelope_id: string;
  kind: 'invitation' | 'embedded' | 'session' | 'in_person';
  expires_at: string | null;
  used_at: string | null;
  created_at: string;
  /** A link that died: its recipient was reassigned ('reassigned') or their address corrected ('corrected'). */
  revoked_at: string | null;
  revoked_reason: string | null;
}

export interface RecipientAuthenticationsTable {
  recipient_id: string;
  envelope_id: string;
  method: 'access_code' | 'sms';
  access_code_hash: string | null;
  sms_code_hash: string | null;
  sms_code_sent_at: string | null;
  sms_code_expires_at: string | null;
  failed_attempts: number;
  locked_until: string | null;
  authenticated_at: string | null;
}

export interface RecipientSigningSessionsTable {
  session_hash: string;
  recipient_id: string;
  envelope_id: string;
  expires_at: string;
  created_at: string;
}

export interface UploadsTable {
  id: string;
  account_id: string;
  scope: 'envelope' | 'template';
  name: string;
  size: number;
  pages: string;
  sha256: string;
  created_at: string;
  used_at: string | null;
  /** The file the document was converted from (migration 0028, docs/api/conversion.md); null when it came as a PDF. */
  original_name: string | null;
  original_media_type: string | null;
  original_sha256: string | null;
}

export interface AttachmentsTable {
  id: string;
  envelope_id: string;
  name: string;
  content_type: string;
  size: number;
  sha256: string;
  created_at: string;
  /** 'sender' for the API's uploads, else the e-mail address of the signer whose attachment field it filled. */
  uploaded_by: string;
}

/** A file a signer uploaded for an attachment field, until completion (or the envelope's end). */
export interface SignerAttachmentsTable {
  id: string;
  envelope_id: string;
  recipient_id: string;
  name: string;
  content_type: string;
  size: number;
  sha256: string;
  created_at: string;
}

export interface LedgerEntriesTable {
  /** The order entries were written in. */
  id: Generated<number>;
  /** The entry's position in the service-wide log; null from its commit until it is numbered (PostgreSQL). */
  block_number: number | null;
  envelope_id: string;
  sequence: number;
  /** The exact JSON object that was hashed (without entry_hash). */
  body: string;
  entry_hash: string;
  occurred_at: string;
}

/** A perfect subtree's hash of the service-wide log (migration 0010). */
export interface LedgerNodesTable {
  level: number;
  node_index: number;
  hash: string;
}

export interface LedgerStateTable {
  id: number;
  size: number;
  /** JSON: the Merkle frontier (hex roots) of the service-wide log. */
  frontier: string;
}

export interface JobsTable {
  id: string;
  kind: string;
  payload: string;
  run_at: string;
  attempts: number;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  done_at: string | null;
}

/** Where an envelope's completion stands (migration 0009); the state is a CompletionState. */
export interface EnvelopeCompletionsTable {
  envelope_id: string;
  state: string;
  attempts: number;
  reseals: number;
  last_error: string | null;
  next_attempt_at: string | null;
  updated_at: string;
}

/**
 * Live envelopes per (account, facet, stored status), kept by triggers (migration 0007): a facet is
 * `all`, `tag:<lower-cased tag>` or `template:<id>`; a count is the sum over its slots.
 */
export interface EnvelopeCountsTable {
  account_id: string;
  facet: string;
  status: string;
  slot: number;
  count: number | string;
}

/** One row per live envelope and lower-cased tag, with the envelope's status and due date, kept by triggers (migration 0007). */
export interface EnvelopeTagsTable {
  account_id: string;
  tag: string;
  created_at: string;
  envelope_id: string;
  status: string;
  signing_due_date: string;
}

export interface WebhooksTable {
  id: string;
  account_id: string;
  url: string;
  description: string;
  events: string;
  enabled: number;
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at: string | null;
  failing_since: string | null;
  disabled_reason: string | null;
  created_at: string;
}

export interface WebhookEventsTable {
  id: string;
  account_id: string;
  type: string;
  data: string;
  created_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  event_id: string;
  state: string;
  attempts: string;
  created_at: string;
}

/** A composer's draft (docs/api/people.md): an envelope request, JSON, waiting for its fields and its Send. */
export interface BuilderDraftsTable {
  id: string;
  account_id: string;
  client_id: string;
  created_by_user_id: string | null;
  request: string;
  envelope_id: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface BuilderDraftDocumentsTable {
  id: string;
  draft_id: string;
  position: number;
  name: string;
  /** JSON: [{width, height, rotation}]. */
  pages: string;
  size: number;
  sha256: string;
  /** The file the document was converted from (migration 0028, docs/api/conversion.md); null when it came as a PDF. */
  original_name: string | null;
  original_media_type: string | null;
  original_sha256: string | null;
}

/** A builder's credential: a single-use URL token or the session it was exchanged for. */
export interface BuilderTokensTable {
  token_hash: string;
  kind: string;
  purpose: string;
  account_id: string;
  template_id: string | null;
  draft_id: string | null;
  expires_at: string;
  used_at: string | null;
  created_at: string;
  issuer_family_id: string | null;
  issuer_session_id: string | null;
}

/** The installation's shared keys on PostgreSQL (migration 0019): `ledger` and `sealing`. */
export interface ServiceIdentityTable {
  name: string;
  /** The ledger's public key (base64, raw 32 bytes) or the hex SHA-256 of the sealing chain's root certificate. */
  public_id: string;
  /** The generated private key (PEM), sealed when `secret_encrypted` is 1; null for a configured key. */
  secret: string | null;
  secret_encrypted: number;
  created_at: string;
}

/** A setup token printed by a start while no account exists (hash only); all are deleted once setup is done. */
export interface SetupTokensTable {
  token_hash: string;
  created_at: string;
}

/** One entry of an account's security log (SecurityEventType); `user_email` as it was at the time. */
export interface SecurityEventsTable {
  /** The order of writing (an identity / autoincrement column): newest first by it. */
  seq: Generated<number>;
  id: string;
  account_id: string;
  type: string;
  user_id: string | null;
  user_email: string | null;
  method: string | null;
  ip: string | null;
  user_agent: string | null;
  detail: string | null;
  at: string;
}

/** An account's OpenID provider (docs/guide/single-sign-on.md); `client_secret` sealed by ctx.ssoSecrets, metadata and domains JSON. */
export interface SsoConfigsTable {
  account_id: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  server_metadata: string;
  email_domains: string;
  default_role: string;
  enforced: number;
  created_at: string;
  updated_at: string;
}

/** Which account's provider answers for an e-mail domain: one account per domain. */
export interface SsoDomainsTable {
  domain: string;
  account_id: string;
}

/** A single sign-on under way, keyed by its `state`'s SHA-256; used up by the callback. */
export interface SsoSignInsTable {
  state_hash: string;
  account_id: string;
  nonce: string;
  code_verifier: string;
  expires_at: string;
  created_at: string;
}

/** A user's passkey (docs/api/passkeys.md): the credential's public key (COSE, base64url), never a secret. */
export interface PasskeysTable {
  id: string;
  user_id: string;
  account_id: string;
  /** base64url, as the browser names the credential. */
  credential_id: string;
  public_key: string;
  /** The authenticator's signature counter: unsigned 32 bits, so bigint (a string from PostgreSQL). */
  counter: number | string;
  /** JSON: the transports the browser reported, as hints for the next ceremony. */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A WebAuthn challenge handed out and not yet answered: single use; `user_id` for a registration's. */
export interface PasskeyChallengesTable {
  challenge: string;
  purpose: string;
  user_id: string | null;
  expires_at: string;
  created_at: string;
}

/** A failed password sign-in for an address (its SHA-256), counted for the lock-out; pruned after the window. */
export interface SignInFailuresTable {
  id: string;
  address_hash: string;
  at: string;
}

/** An address (its SHA-256) that answers 423 USER_LOCKED until `locked_until`. */
export interface SignInLockoutsTable {
  address_hash: string;
  locked_until: string;
}

/** A mailed password reset link (hash only), single use. */
export interface PasswordResetLinksTable {
  token_hash: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** Settings one process records for the others and the CLI (InstanceSettingName). */
export interface InstanceSettingsTable {
  name: string;
  value: string;
  updated_at: string;
}

/** A template's public link (docs/api/public-links.md); `recipients` JSON: the people filling the template's other roles. */
export interface PublicLinksTable {
  id: string;
  account_id: string;
  template_id: string;
  slug: string;
  role_title: string;
  enabled: number;
  max_uses: number | null;
  uses: number;
  expires_at: string | null;
  recipients: string;
  created_at: string;
  updated_at: string;
}

/** A code mailed to a public link's visitor (scrypt hash only): at most five guesses, single use. */
export interface PublicLinkCodesTable {
  id: string;
  public_link_id: string;
  email: string;
  name: string;
  language: string;
  ip: string;
  code_hash: string;
  expires_at: string;
  attempts: number;
  created_at: string;
  used_at: string | null;
}

/** A bulk send (migration 0029): its settings for every row, its progress in `bulk_send_rows`. */
export interface BulkSendsTable {
  id: string;
  account_id: string;
  template_id: string;
  /** Who started it (the envelopes' sender), as the request's caller; null for an API client. */
  user_id: string | null;
  client_id: string;
  /** JSON: the `envelope` settings every row's envelope gets. */
  envelope: string;
  status: string;
  total: number;
  /** The job step that may run next: a rerun of an older step (after a crash) does nothing. */
  step: number;
  ip_address: string | null;
  user_agent: string | null;
  created_at: string;
  completed_at: string | null;
  cancelled_at: string | null;
}

/** One row of a bulk send's input, 1-based `position`; `input` JSON until it is done, `errors` JSON when it failed. */
export interface BulkSendRowsTable {
  bulk_send_id: string;
  position: number;
  state: string;
  input: string | null;
  envelope_id: string | null;
  errors: string | null;
  done_at: string | null;
}

export interface Database {
  blobs: BlobsTable;
  templates: TemplatesTable;
  envelopes: EnvelopesTable;
  documents: DocumentsTable;
  recipients: RecipientsTable;
  fields: FieldsTable;
  signing_groups: SigningGroupsTable;
  recipient_delegations: RecipientDelegationsTable;
  signing_tokens: SigningTokensTable;
  recipient_authentications: RecipientAuthenticationsTable;
  recipient_signing_sessions: RecipientSigningSessionsTable;
  uploads: UploadsTable;
  attachments: AttachmentsTable;
  signer_attachments: SignerAttachmentsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_state: LedgerStateTable;
  ledger_nodes: LedgerNodesTable;
  jobs: JobsTable;
  envelope_completions: EnvelopeCompletionsTable;
  accounts: AccountsTable;
  users: UsersTable;
  console_login_links: ConsoleLoginLinksTable;
  security_events: SecurityEventsTable;
  sign_in_failures: SignInFailuresTable;
  sign_in_lockouts: SignInLockoutsTable;
  password_reset_links: PasswordResetLinksTable;
  console_sessions: ConsoleSessionsTable;
  console_access_tokens: ConsoleAccessTokensTable;
  builder_drafts: BuilderDraftsTable;
  builder_draft_documents: BuilderDraftDocumentsTable;
  builder_tokens: BuilderTokensTable;
  api_clients: ApiClientsTable;
  token_families: TokenFamiliesTable;
  access_tokens: AccessTokensTable;
  refresh_tokens: RefreshTokensTable;
  idempotency_keys: IdempotencyKeysTable;
  envelope_counts: EnvelopeCountsTable;
  envelope_tags: EnvelopeTagsTable;
  webhooks: WebhooksTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  service_identity: ServiceIdentityTable;
  setup_tokens: SetupTokensTable;
  instance_settings: InstanceSettingsTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  sso_configs: SsoConfigsTable;
  sso_domains: SsoDomainsTable;
  sso_sign_ins: SsoSignInsTable;
  public_links: PublicLinksTable;
  public_link_codes: PublicLinkCodesTable;
  bulk_sends: BulkSendsTable;
  bulk_send_rows: BulkSendRowsTable;
}
