import type { Db } from '../database.js';

/** The settings one process records for the others and for the CLI. */
export type InstanceSettingName = 'public_url';

export const readInstanceSetting = async (db: Db, name: InstanceSettingName): Promise<string | undefined> =>
  (await db.selectFrom('instance_settings').select('value').where('name', '=', name).executeTakeFirst())?.value;

/** The last process to start wins: every process of one installation is meant to share one value. */
export const writeInstanceSetting = async (db: Db, name: InstanceSettingName, value: string, at: Date): Promise<void> => {
  const updatedAt = at.toISOString();
  await db
    .insertInto('instance_settings')
    .values({ name, value, updated_at: updatedAt })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: updatedAt }))
    .execute();
};
