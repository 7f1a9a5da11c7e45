import type { Migration } from 'kysely';
import type { DialectName } from '../dialect.js';
import * as accountsAndAuth from './0001-accounts-and-auth.js';
import { envelopesMigration } from './0002-envelopes.js';
import * as envelopeListIndex from './0003-envelope-list-index.js';
import * as blobReferenceIndexes from './0004-blob-reference-indexes.js';
import * as idempotencyLeases from './0005-idempotency-leases.js';
import { ledgerSequencingAndAnchorsMigration } from './0006-ledger-sequencing-and-anchors.js';
import { envelopeListAtScaleMigration } from './0007-envelope-list-at-scale.js';
import * as webhooks from './0008-webhooks.js';
import * as completionAttempts from './0009-completion-attempts.js';
import * as ledgerProofs from './0010-ledger-proofs.js';
import * as accountUsersAndSessions from './0011-account-users-and-sessions.js';
import * as apiClientDescriptions from './0012-api-client-descriptions.js';
import * as embeddedBuilders from './0013-embedded-builders.js';
import * as recipientAuthentication from './0014-recipient-authentication.js';
import * as attachmentFields from './0015-attachment-fields.js';
import * as recipientLanguages from './0016-recipient-languages.js';
import * as envelopeCreators from './0017-envelope-creators.js';
import * as builderTokenIssuers from './0018-builder-token-issuers.js';
import * as serviceIdentity from './0019-service-identity.js';
import * as firstRunSetup from './0020-first-run-setup.js';
import * as instanceSettings from './0021-instance-settings.js';
import { passwordsAndSecurityLogMigration } from './0022-passwords-and-security-log.js';
import * as passkeys from './0023-passkeys.js';
import * as singleSignOn from './0024-single-sign-on.js';
import * as workflowRecipients from './0025-workflow-recipients.js';
import * as publicLinks from './0026-public-links.js';
import * as correctingEnvelopesExpire from './0027-correcting-envelopes-expire.js';
import * as documentOriginals from './0028-document-originals.js';
import * as bulkSends from './0029-bulk-sends.js';
import * as retentionAndErasure from './0030-retention-and-erasure.js';

/**
 * Every migration, in order. Forward-only: a landed migration is never edited; changes come as a new file.
 * A static list (not a folder scan) so the set is fixed at build time and typed.
 */
export const migrationsFor = (dialect: DialectName): Record<string, Migration> => ({
  '0001-accounts-and-auth': accountsAndAuth,
  '0002-envelopes': envelopesMigration(dialect),
  '0003-envelope-list-index': envelopeListIndex,
  '0004-blob-reference-indexes': blobReferenceIndexes,
  '0005-idempotency-leases': idempotencyLeases,
  '0006-ledger-sequencing-and-anchors': ledgerSequencingAndAnchorsMigration(dialect),
  '0007-envelope-list-at-scale': envelopeListAtScaleMigration(dialect),
  '0008-webhooks': webhooks,
  '0009-completion-attempts': completionAttempts,
  '0010-ledger-proofs': ledgerProofs,
  '0011-account-users-and-sessions': accountUsersAndSessions,
  '0012-api-client-descriptions': apiClientDescriptions,
  '0013-embedded-builders': embeddedBuilders,
  '0014-recipient-authentication': recipientAuthentication,
  '0015-attachment-fields': attachmentFields,
  '0016-recipient-languages': recipientLanguages,
  '0017-envelope-creators': envelopeCreators,
  '0018-builder-token-issuers': builderTokenIssuers,
  '0019-service-identity': serviceIdentity,
  '0020-first-run-setup': firstRunSetup,
  '0021-instance-settings': instanceSettings,
  '0022-passwords-and-security-log': passwordsAndSecurityLogMigration(dialect),
  '0023-passkeys': passkeys,
  '0024-single-sign-on': singleSignOn,
  '0025-workflow-recipients': workflowRecipients,
  '0026-public-links': publicLinks,
  '0027-correcting-envelopes-expire': correctingEnvelopesExpire,
  '0028-document-originals': documentOriginals,
  '0029-bulk-sends': bulkSends,
  '0030-retention-and-erasure': retentionAndErasure,
});
