import type { EnvelopeSettingsInput } from '../../../domain/envelope-settings.js';
import type { Db } from '../database.js';
import { json, oneOf, rowCodec } from '../row-codec.js';
import type { TemplatesTable } from '../schema.js';

export type TemplateStatus = 'Active' | 'Inactive';

/**
 * A template. Its roles are stored as the request gave them; their shape belongs to the templates
 * use cases, which name it as `Roles`.
 */
export interface Template<Roles> {
  id: string;
  accountId: string;
  name: string;
  description: string | null;
  status: TemplateStatus;
  /** The envelope setting defaults, as given. */
  settings: EnvelopeSettingsInput;
  roles: Roles;
  createdAt: string;
  deletedAt: string | null;
}

const templateCodec = <Roles>() =>
  rowCodec<Template<Roles>, TemplatesTable>({
    id: 'id',
    accountId: 'account_id',
    name: 'name',
    description: 'description',
    status: ['status', oneOf<TemplateStatus>()],
    settings: ['settings', json<EnvelopeSettingsInput>()],
    roles: ['roles', json<Roles>()],
    createdAt: 'created_at',
    deletedAt: 'deleted_at',
  });

export const insertTemplate = async <Roles>(db: Db, template: Template<Roles>): Promise<void> => {
  await db.insertInto('templates').values(templateCodec<Roles>().toRow(template)).execute();
};

/** An account's template that is not deleted. */
export const readTemplate = async <Roles>(db: Db, accountId: string, templateId: string): Promise<Template<Roles> | undefined> => {
  const row = await db
    .selectFrom('templates')
    .selectAll()
    .where('id', '=', templateId)
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row && templateCodec<Roles>().fromRow(row);
};

/** One page of an account's templates that are not deleted, newest first, and how many there are in all. */
export const readTemplatePage = async <Roles>(
  db: Db,
  accountId: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ templates: Template<Roles>[]; total: number }> => {
  const mine = db.selectFrom('templates').where('account_id', '=', accountId).where('deleted_at', 'is', null);
  const rows = await mine.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).offset(offset).execute();
  const { total } = await mine.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
  return { templates: rows.map(templateCodec<Roles>().fromRow), total: Number(total) };
};

export const updateTemplate = async <Roles>(db: Db, templateId: string, changes: Partial<Template<Roles>>): Promise<void> => {
  await db.updateTable('templates').set(templateCodec<Roles>().toColumns(changes)).where('id', '=', templateId).execute();
};
