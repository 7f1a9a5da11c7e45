import { resolveSettings, type EnvelopeSettingsInput } from '../../domain/envelope-settings.js';
import type { Db } from '../../infra/db/database.js';
import { newId } from '../../infra/ids.js';
import type { AppContext, Caller } from '../context.js';
import { assertEnvelopeDocumentLimits, type StoredDocument } from '../documents/stored-document.js';
import { placeSignerFields } from '../envelopes/place-fields.js';
import { assertUniqueRoleTitles, type TemplateRoles } from './template-roles.js';
import { templateView } from './template-view.js';

export interface NewTemplate {
  template: { name: string; description?: string } & EnvelopeSettingsInput;
  documents: StoredDocument[];
  roles: TemplateRoles;
}

/**
 * Creates an Active template. Its settings and field layout are checked now, exactly as an envelope
 * made from it would check them, so a template never yields an invalid envelope.
 */
export const createTemplate = async (ctx: AppContext, caller: Caller, input: NewTemplate, withinCreation?: (trx: Db) => Promise<void>) => {
  const { name, description, ...defaults } = input.template;
  resolveSettings(defaults, {}, 'template');
  assertEnvelopeDocumentLimits(input.documents);
  assertUniqueRoleTitles(input.roles);
  // Field placement reads only the fields; a role has no person yet.
  const roleSigners = input.roles.signers.map((role) => ({ email: '', ...(role.fields ? { fields: role.fields } : {}) }));
  await placeSignerFields(ctx, roleSigners, input.documents, 'roles.signers');

  const row = {
    id: newId('tpl'),
    account_id: caller.accountId,
    name,
    description: description ?? null,
    status: 'Active' as const,
    settings: JSON.stringify(defaults),
    roles: JSON.stringify(input.roles),
    created_at: ctx.clock.now().toISOString(),
    deleted_at: null,
  };
  const documents = input.documents.map((doc, i) => ({ id: newId('doc'), account_id: caller.accountId, envelope_id: null, template_id: row.id, position: i + 1, name: doc.name, pages: JSON.stringify(doc.pages), size: doc.size, sha256: doc.sha256, sealed_sha256: null }));
  await ctx.db.transaction().execute(async (trx) => {
    await withinCreation?.(trx);
    await trx.insertInto('templates').values(row).execute();
    await trx.insertInto('documents').values(documents).execute();
  });
  return { ...templateView(row), documents: documents.map((d, i) => ({ document_id: d.id, name: d.name, pages: input.documents[i]!.pages.length, sha256: d.sha256 })) };
};
