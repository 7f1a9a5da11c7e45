import type { Db } from '../database.js';
import type { PendingInsert } from '../insert-at-once.js';
import { rowCodec } from '../row-codec.js';
import type { SigningGroupsTable } from '../schema.js';

/** A signing group (docs/api/workflows.md): its members are recipients whose `groupId` is its id. */
export interface SigningGroup {
  id: string;
  envelopeId: string;
  name: string;
  /** How many members must sign. */
  required: number;
  /** Its place among the envelope's signer entries (1-based). */
  position: number;
  completedAt: string | null;
}

export const signingGroupCodec = rowCodec<SigningGroup, SigningGroupsTable>({
  id: 'id',
  envelopeId: 'envelope_id',
  name: 'name',
  required: 'required',
  position: 'position',
  completedAt: 'completed_at',
});

export const readSigningGroups = async (db: Db, envelopeId: string): Promise<SigningGroup[]> =>
  (await db.selectFrom('signing_groups').selectAll().where('envelope_id', '=', envelopeId).orderBy('position').execute()).map(
    signingGroupCodec.fromRow,
  );

/** The inserts of these groups, not run yet (see insertAtOnce). */
export const signingGroupInserts = (db: Db, groups: readonly SigningGroup[]): PendingInsert[] =>
  groups.length === 0 ? [] : [db.insertInto('signing_groups').values(groups.map(signingGroupCodec.toRow))];

export const markSigningGroupComplete = async (db: Db, groupId: string, at: string): Promise<void> => {
  await db.updateTable('signing_groups').set({ completed_at: at }).where('id', '=', groupId).where('completed_at', 'is', null).execute();
};
