import { AppError } from '../../domain/app-error.js';
import {
  readBuilderDraft,
  readBuilderDraftDocuments,
  type BuilderDraft,
  type BuilderDraftDocument,
} from '../../infra/db/tables/builder-drafts-table.js';
import type { Db } from '../../infra/db/database.js';
import { originalOf } from '../../infra/db/tables/document-original.js';
import type { StoredDocument } from '../documents/stored-document.js';
import type { NewEnvelope } from '../envelopes/new-envelope.js';

/** A composer's draft: the envelope request as generate_sender_url gave it, its documents apart. */
export type ComposeDraft = BuilderDraft<NewEnvelope>;

export interface ComposeDraftWithDocuments {
  draft: ComposeDraft;
  documents: BuilderDraftDocument[];
}

/** A draft of this account, with its documents; one that is gone is the builder's token gone. */
export const loadComposeDraft = async (db: Db, accountId: string, draftId: string): Promise<ComposeDraftWithDocuments> => {
  const draft = await readBuilderDraft<NewEnvelope>(db, draftId);
  if (!draft || draft.accountId !== accountId) {
    throw new AppError('BUILDER_TOKEN_NOT_FOUND', 'This builder link is unknown, has expired or was already used.');
  }
  return { draft, documents: await readBuilderDraftDocuments(db, draft.id) };
};

/** A draft's documents as envelope creation takes stored documents. */
export const storedDraftDocuments = (documents: readonly BuilderDraftDocument[]): StoredDocument[] =>
  documents.map((document) => {
    const original = originalOf(document);
    return { name: document.name, sha256: document.sha256, size: document.size, pages: document.pages, ...(original ? { original } : {}) };
  });
