/**
 * Every error code the service answers with (docs/api/errors.md). The HTTP layer maps each one to a
 * status in one table (`src/http/errors.ts`); nothing below it knows about HTTP.
 */
export type ErrorCode =
  // Requests and input
  | 'INVALID_REQUEST'
  | 'MALFORMED_JSON'
  | 'MALFORMED_MULTIPART'
  | 'UNKNOWN_FIELD'
  | 'FIELD_REQUIRED'
  | 'INVALID_FIELD'
  | 'INVALID_CONTENT_LENGTH'
  | 'INVALID_EMAIL'
  | 'INVALID_PAGINATION'
  | 'NOTHING_TO_UPDATE'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'UNSUPPORTED_FILE_TYPE'
  | 'ROUTE_NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'MALFORMED_URL'
  | 'URI_TOO_LONG'
  | 'HEADERS_TOO_LARGE'
  | 'REQUEST_TIMEOUT'
  | 'RATE_LIMITED'
  | 'INTERNAL_ERROR'
  | 'WEB_NOT_BUILT'
  | 'SERVICE_UNAVAILABLE'
  | 'STORAGE_FULL'
  // Authentication and accounts
  | 'ACCESS_TOKEN_REQUIRED'
  | 'INVALID_ACCESS_TOKEN'
  | 'INVALID_AUTH_TYPE'
  | 'CREDENTIALS_REQUIRED'
  | 'INVALID_CREDENTIALS'
  | 'REFRESH_TOKEN_REQUIRED'
  | 'INVALID_REFRESH_TOKEN'
  | 'REFRESH_TOKEN_REUSED'
  | 'ACCOUNT_NAME_REQUIRED'
  | 'ACCOUNT_NOT_FOUND'
  | 'CLIENT_NOT_FOUND'
  | 'CLIENT_LIMIT_REACHED'
  | 'INVALID_PLAN'
  | 'INVALID_FRAME_ANCESTOR'
  | 'INVALID_DAYS'
  | 'ENVELOPE_QUOTA_EXCEEDED'
  | 'UPLOAD_QUOTA_EXCEEDED'
  // Idempotency
  | 'INVALID_IDEMPOTENCY_KEY'
  | 'IDEMPOTENCY_KEY_IN_USE'
  | 'IDEMPOTENCY_KEY_REUSED'
  // Documents and uploads
  | 'DOCUMENTS_REQUIRED'
  | 'TOO_MANY_DOCUMENTS'
  | 'DOCUMENT_NAME_REQUIRED'
  | 'DOCUMENT_CONTENT_REQUIRED'
  | 'DOCUMENT_NOT_FOUND'
  | 'DOCUMENT_REMOVED'
  | 'DOCUMENT_PURGED'
  | 'RECIPIENT_ON_OPEN_ENVELOPE'
  | 'INVALID_BASE64'
  | 'INVALID_PDF'
  | 'PDF_ENCRYPTED'
  | 'PDF_REQUIRED'
  | 'PDF_TOO_MANY_PAGES'
  | 'PDF_TOO_COMPLEX'
  | 'FILE_REQUIRED'
  | 'FILE_ID_REQUIRED'
  | 'FILE_IDS_REQUIRED'
  | 'FILE_NOT_FOUND'
  | 'SUPPORTING_DOCUMENT_NOT_FOUND'
  // Envelopes, settings and recipients
  | 'ENVELOPE_NAME_REQUIRED'
  | 'ENVELOPE_NOT_FOUND'
  | 'ENVELOPE_NOT_ACTIVE'
  | 'ENVELOPE_NOT_CANCELLABLE'
  | 'ENVELOPE_NOT_COMPLETED'
  | 'ENVELOPE_NOT_EXPIRED'
  | 'ENVELOPE_NOT_RESEALABLE'
  | 'INVALID_SIGN_PROCESS_FLOW'
  | 'INVALID_EXPIRATION_DAYS'
  | 'CONFLICTING_EXPIRATION_DAYS'
  | 'INVALID_REMINDER_PERIOD'
  | 'INVALID_SIGNING_ORDER'
  | 'CANCEL_REASON_REQUIRED'
  | 'DECLINE_REASON_REQUIRED'
  | 'DUE_DATE_REQUIRED'
  | 'INVALID_DUE_DATE'
  | 'CONFLICTING_DUE_DATE'
  | 'INVALID_EXTEND_BY_DAYS'
  | 'RECIPIENT_NAME_REQUIRED'
  | 'TOO_MANY_SIGNERS'
  | 'DUPLICATE_SIGNER'
  | 'PHONE_INCOMPLETE'
  | 'PHONE_NUMBER_REQUIRED'
  | 'AUTHENTICATION_NOT_FOR_OBSERVERS'
  | 'UNSUPPORTED_LANGUAGE'
  | 'SIGNER_EMAIL_REQUIRED'
  | 'SIGNER_NOT_FOUND'
  | 'SIGNER_NOT_ACTIVE'
  | 'SIGNER_NOT_REMINDABLE'
  | 'REMINDER_TOO_SOON'
  | 'NOT_A_SIGNER'
  // Fields and anchors
  | 'FIELD_POSITION_REQUIRED'
  | 'FIELD_OUT_OF_BOUNDS'
  | 'FIELD_NOT_EDITABLE'
  | 'INVALID_FIELD_TYPE'
  | 'INVALID_FIELD_DOCUMENT'
  | 'INVALID_FIELD_PAGE'
  | 'INVALID_FIELD_SIZE'
  | 'INVALID_FIELD_FLAG'
  | 'INVALID_FIELD_OPTIONS'
  | 'INVALID_FIELD_DEFAULT_VALUE'
  | 'INVALID_FIELD_VALUE'
  | 'DUPLICATE_FIELD_PLACEHOLDER'
  | 'ANCHOR_TEXT_REQUIRED'
  | 'ANCHOR_NOT_FOUND'
  | 'TOO_MANY_ANCHORS'
  | 'TOO_MANY_ANCHOR_MATCHES'
  | 'TOO_MANY_FIELDS'
  | 'UNKNOWN_FIELD_ID'
  | 'UNKNOWN_ATTACHMENT'
  | 'TOO_MANY_ATTACHMENTS'
  | 'REQUIRED_FIELD_MISSING'
  // Templates
  | 'TEMPLATE_ID_REQUIRED'
  | 'TEMPLATE_NAME_REQUIRED'
  | 'TEMPLATE_NOT_FOUND'
  | 'TEMPLATE_INACTIVE'
  | 'INVALID_TEMPLATE_ACTION'
  | 'SIGNER_ROLE_MISSING'
  | 'SIGNER_TITLE_IS_REQUIRED'
  | 'SIGNER_TITLE_NOT_FOUND'
  | 'DUPLICATE_SIGNER_TITLE'
  | 'OBSERVER_TITLE_IS_REQUIRED'
  | 'OBSERVER_TITLE_NOT_FOUND'
  | 'DUPLICATE_OBSERVER_TITLE'
  | 'FORM_FIELD_NOT_FOUND'
  | 'FORM_FIELD_PLACEHOLDER_REQUIRED'
  // Embedded builders
  | 'BUILDER_TOKEN_NOT_FOUND'
  | 'BUILDER_KIND_MISMATCH'
  | 'BUILDER_ALREADY_SENT'
  | 'BUILDER_SIGNER_NOT_FOUND'
  // Signing
  | 'SIGNING_TOKEN_NOT_FOUND'
  | 'NOT_YOUR_TURN'
  | 'ALREADY_SIGNED'
  | 'CONSENT_REQUIRED'
  | 'LOCATION_REQUIRED'
  | 'INVALID_SIGNATURE'
  | 'IMAGE_TOO_LARGE'
  // Recipient authentication
  | 'RECIPIENT_AUTH_REQUIRED'
  | 'AUTHENTICATION_NOT_REQUIRED'
  | 'NOT_SMS_AUTHENTICATION'
  | 'CODE_TOO_SOON'
  | 'CODE_EXPIRED'
  | 'INVALID_CODE'
  | 'RECIPIENT_LOCKED'
  // Webhooks
  | 'WEBHOOK_NOT_FOUND'
  | 'WEBHOOK_DELIVERY_NOT_FOUND'
  | 'INVALID_WEBHOOK_URL'
  | 'UNKNOWN_EVENT_TYPE'
  | 'EVENTS_REQUIRED'
  | 'WEBHOOK_LIMIT_REACHED'
  | 'WEBHOOK_DISABLED'
  // The ledger's proofs
  | 'INVALID_BLOCK_NUMBER'
  | 'LEDGER_BLOCK_NOT_FOUND'
  | 'INVALID_TREE_SIZE'
  // Account users and the console's sign-in
  | 'USER_NAME_REQUIRED'
  | 'INVALID_ROLE'
  | 'EMAIL_IN_USE'
  | 'USER_NOT_FOUND'
  | 'USER_LIMIT_REACHED'
  | 'OWNER_ROLE_FIXED'
  | 'OWNER_NOT_REMOVABLE'
  | 'SESSION_REQUIRED'
  | 'SESSION_EXPIRED'
  | 'CSRF_HEADER_REQUIRED'
  | 'ROLE_FORBIDDEN'
  // First run
  | 'INVALID_SETUP_TOKEN'
  | 'SETUP_COMPLETED'
  | 'WEAK_PASSWORD'
  // Passwords
  | 'USER_LOCKED'
  | 'INVALID_RESET_TOKEN'
  // Passkeys
  | 'PASSKEY_NOT_FOUND'
  | 'PASSKEY_REGISTRATION_FAILED'
  | 'PASSKEY_SIGN_IN_FAILED'
  | 'PASSKEY_LIMIT_REACHED'
  // Single sign-on
  | 'SSO_DISCOVERY_FAILED'
  | 'INVALID_SSO_ISSUER'
  | 'SSO_DOMAIN_TAKEN'
  | 'SSO_NOT_CONFIGURED'
  | 'SSO_REQUIRED'
  | 'SSO_STATE_INVALID'
  | 'SSO_PROVIDER_ERROR'
  | 'SSO_TOKEN_INVALID'
  | 'SSO_EMAIL_UNVERIFIED'
  | 'SSO_EMAIL_OUTSIDE_DOMAINS'
  // Workflows: roles, groups, delegation, corrections, conditional fields, public links
  | 'INVALID_SIGNER_ROLE'
  | 'NOT_AN_APPROVER'
  | 'FIELDS_NOT_ALLOWED'
  | 'HOST_NOT_FOUND'
  | 'WITNESS_TARGET_NOT_FOUND'
  | 'WITNESS_REQUIRED'
  | 'INVALID_SIGNING_GROUP'
  | 'GROUP_COMPLETE'
  | 'REASSIGN_NOT_ALLOWED'
  | 'RECIPIENT_REASSIGNED'
  | 'RECIPIENT_ALREADY_ACTED'
  | 'RECIPIENT_NOT_FOUND'
  | 'ENVELOPE_NOT_CORRECTING'
  | 'RETURN_COMMENT_REQUIRED'
  | 'NO_SIGNERS_LEFT'
  | 'IN_PERSON_ONLY'
  | 'NOT_IN_PERSON'
  | 'DUPLICATE_FIELD_NAME'
  | 'UNKNOWN_CONDITION_FIELD'
  | 'CONDITION_CYCLE'
  | 'PUBLIC_LINK_NOT_FOUND'
  | 'PUBLIC_LINK_CLOSED'
  | 'SIGNER_COPY_EXPIRED'
  // Documents in: conversion, PDF form fields, text tags, bulk sending
  | 'CONVERSION_FAILED'
  | 'CONVERSION_UNAVAILABLE'
  | 'FORM_FIELD_UNASSIGNED'
  | 'INVALID_TEXT_TAG'
  | 'BULK_SEND_NOT_FOUND'
  | 'BULK_SEND_NOT_CANCELLABLE'
  | 'TOO_MANY_ROWS'
  | 'INVALID_CSV'
  | 'BULK_ROWS_INVALID';

/** One problem with a request; the HTTP layer presents it as an entry of the contract's `errors[]`. */
export interface Problem {
  code: ErrorCode;
  message: string;
  field?: string;
  /** The 1-based row of a bulk send's input the problem is in (docs/api/bulk-sending.md). */
  row?: number;
}

export interface AppErrorOptions {
  field?: string;
  /** Every problem found at once (docs/api/conventions.md); defaults to the error itself. */
  problems?: Problem[];
  /** When trying again later can succeed, after how many seconds. */
  retryAfterSeconds?: number;
  /** The language of the person the refusal is for (a signer's, docs/concepts/recipients.md): answered as Content-Language. */
  language?: string;
}

/** An error that is part of the contract: a code and a human message, raised anywhere below the HTTP layer. */
export class AppError extends Error {
  readonly problems: Problem[];
  readonly retryAfterSeconds: number | undefined;
  readonly language: string | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.language = options.language;
    this.problems = options.problems ?? [{ code, message, ...(options.field ? { field: options.field } : {}) }];
  }

  /** Every problem of an invalid request at once (docs/api/conventions.md), each with its own code. */
  static of(problems: Problem[], summary = 'The request is invalid.'): AppError {
    if (!problems.length) throw new Error('AppError.of needs at least one problem');
    return new AppError('INVALID_REQUEST', summary, { problems });
  }
}
