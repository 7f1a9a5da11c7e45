import { resolveSettings, type EnvelopeSettingsInput } from '../../domain/envelope-settings.js';
import type { Db } from '../../infra/db/database.js';
import { insertDocuments, type Document } from '../../infra/db/tables/documents-table.js';
import { insertTemplate } from '../../infra/db/tables/templates-table.js';
import { newId } from '../../infra/ids.js';
import type { AppContext, Caller } from '../context.js';
import {
  assertEnvelopeDocumentLimits,
  documentsOf,
  storeBase64Documents,
  type Base64DocumentInput,
  type StoredDocument,
} from '../documents/stored-document.js';
import { placeSignerFields } from '../envelopes/place-fields.js';
import { findUnusedUploads, markUploadsUsed } from '../uploads/use-uploads.js';
import type { AccountTemplate } from './load-template.js';
import { assertUniqueRoleTitles, type TemplateRoles } from './template-roles.js';

export interface NewTemplate {
  template: { name: string; description?: string } & EnvelopeSettingsInput;
  roles: TemplateRoles;
}

export interface CreatedTemplate {
  template: AccountTemplate;
  documents: Document[];
}

/**
 * Creates an Active template. Its settings and field layout are checked now, exactly as an envelope
 * made from it would check them, so a template never yields an invalid envelope.
 */
const createTemplate = async (
  ctx: AppContext,
  caller: Caller,
  input: NewTemplate & { documents: StoredDocument[] },
  withinCreation?: (trx: Db) => Promise<void>,
): Promise<CreatedTemplate> => {
  const { name, description, ...defaults } = input.template;
  resolveSettings(defaults, {}, 'template');
  assertEnvelopeDocumentLimits(input.documents);
  assertUniqueRoleTitles(input.roles);
  // Field placement reads only the fields; a role has no person yet.
  const roleSigners = input.roles.signers.map((role) => ({ email: '', ...(role.fields ? { fields: role.fields } : {}) }));
  // Where the anchors are is kept with the documents: envelopes made from the template never parse them.
  const { anchors } = await placeSignerFields(ctx, roleSigners, input.documents, 'roles.signers');

  const template: AccountTemplate = {
    id: newId('tpl'),
    accountId: caller.accountId,
    name,
    description: description ?? null,
    status: 'Active',
    settings: defaults,
    roles: input.roles,
    createdAt: ctx.clock.now().toISOString(),
    deletedAt: null,
  };
  const documents = documentsOf(caller.accountId, { envelopeId: null, templateId: template.id }, input.documents, anchors);
  await ctx.db.transaction().execute(async (trx) => {
    await withinCreation?.(trx);
    await insertTemplate(trx, template);
    await insertDocuments(trx, documents);
  });
  return { template, documents };
};

/** A template from base64 documents: each is checked and stored first, in order. */
export const createTemplateFromDocuments = async (
  ctx: AppContext,
  caller: Caller,
  input: NewTemplate & { documents: Base64DocumentInput[] },
): Promise<CreatedTemplate> => createTemplate(ctx, caller, { ...input, documents: await storeBase64Documents(ctx, input.documents) });

/** A template from uploads (templates/upload_file): each is used once, in the transaction that creates the template. */
export const createTemplateFromUploads = async (
  ctx: AppContext,
  caller: Caller,
  input: NewTemplate & { fileIds: string[] },
): Promise<CreatedTemplate> => {
  const documents = await findUnusedUploads(ctx.db, caller.accountId, 'template', input.fileIds);
  return createTemplate(ctx, caller, { ...input, documents }, (trx) => markUploadsUsed(ctx, trx, caller.accountId, input.fileIds));
};
