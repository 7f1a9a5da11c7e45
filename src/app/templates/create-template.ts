import { resolveSettings, type EnvelopeSettingsInput } from '../../domain/envelope-settings.js';
import type { Db } from '../../infra/db/database.js';
import { insertDocuments, type Document } from '../../infra/db/tables/documents-table.js';
import { insertTemplate } from '../../infra/db/tables/templates-table.js';
import { newId } from '../../infra/ids.js';
import type { AppContext, Caller } from '../context.js';
import { ProblemCollector } from '../../domain/problem-collector.js';
import { assignDocumentFields } from '../documents/assign-document-fields.js';
import {
  bringDocumentFields,
  storeBroughtDocuments,
  type DocumentBringingFields,
  type DocumentIntake,
} from '../documents/document-fields.js';
import {
  assertEnvelopeDocumentLimits,
  checkBase64Documents,
  documentsOf,
  type Base64DocumentInput,
  type CheckedDocument,
  type StoredDocument,
} from '../documents/stored-document.js';
import { fieldPlacement } from '../envelopes/place-fields.js';
import { findUnusedUploads, markUploadsUsed } from '../uploads/use-uploads.js';
import type { AccountTemplate } from './load-template.js';
import { assertTemplateRoles, type TemplateRoles } from './template-roles.js';

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
 * made from it would check them, so a template never yields an invalid envelope. Fields its documents
 * brought (their form fields, their text tags) join the roles they name and are stored with them; the
 * documents are stored once everything is valid.
 */
const createTemplate = async (
  ctx: AppContext,
  caller: Caller,
  input: NewTemplate & { documents: DocumentBringingFields<CheckedDocument | StoredDocument>[] },
  withinCreation?: (trx: Db) => Promise<void>,
): Promise<CreatedTemplate> => {
  const { name, description, ...defaults } = input.template;
  resolveSettings(defaults, {}, 'template');
  assertEnvelopeDocumentLimits(input.documents);
  const problems = new ProblemCollector();
  await problems.check(() => assertTemplateRoles(ctx.db, caller.accountId, input.roles, { checkConditions: false }));
  // A role is named by its signer_title (or position); field placement reads only the fields, as a role has no person yet.
  const brought = assignDocumentFields(
    input.roles.signers.map((role) => ({ title: role.signer_title, role: role.role, fields: role.fields })),
    input.documents,
    'roles.signers',
  );
  // Where the anchors are is kept with the documents: envelopes made from the template never parse them.
  const placement = await fieldPlacement(ctx, brought.entries, input.documents, 'roles.signers');
  problems.add([...brought.problems, ...brought.relocate(placement.problems)]);
  problems.throwIfAny();
  const roles: TemplateRoles = {
    ...input.roles,
    signers: input.roles.signers.map((role, i) => {
      const fields = brought.entries[i]!.fields;
      return fields ? { ...role, fields } : role;
    }),
  };

  const template: AccountTemplate = {
    id: newId('tpl'),
    accountId: caller.accountId,
    name,
    description: description ?? null,
    status: 'Active',
    settings: defaults,
    roles,
    createdAt: ctx.clock.now().toISOString(),
    deletedAt: null,
  };
  const stored = await storeBroughtDocuments(ctx, input.documents);
  const documents = documentsOf(caller.accountId, { envelopeId: null, templateId: template.id }, stored, placement.anchors);
  await ctx.db.transaction().execute(async (trx) => {
    await withinCreation?.(trx);
    await insertTemplate(trx, template);
    await insertDocuments(trx, documents);
  });
  return { template, documents };
};

/** A template from base64 documents: each is checked first, in order, with what its intake brings. */
export const createTemplateFromDocuments = async (
  ctx: AppContext,
  caller: Caller,
  input: NewTemplate & { documents: (Base64DocumentInput & { intake?: DocumentIntake })[] },
): Promise<CreatedTemplate> => {
  const documents = await bringDocumentFields(
    ctx,
    await checkBase64Documents(ctx, input.documents),
    input.documents.map((document) => document.intake),
    (i) => `documents[${i}]`,
  );
  return createTemplate(ctx, caller, { ...input, documents });
};

/** A template from uploads (templates/upload_file): each is used once, in the transaction that creates the template. */
export const createTemplateFromUploads = async (
  ctx: AppContext,
  caller: Caller,
  input: NewTemplate & { fileIds: string[]; intakes?: (DocumentIntake | undefined)[] },
): Promise<CreatedTemplate> => {
  const documents = await bringDocumentFields(
    ctx,
    await findUnusedUploads(ctx.db, caller.accountId, 'template', input.fileIds),
    input.intakes ?? [],
    (i) => `file_ids[${i}]`,
  );
  return createTemplate(ctx, caller, { ...input, documents }, (trx) => markUploadsUsed(ctx, trx, caller.accountId, input.fileIds));
};
