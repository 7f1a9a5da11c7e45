import type { Db } from '../database.js';
import { rowCodec } from '../row-codec.js';
import type { RecipientDelegationsTable } from '../schema.js';

/** One hand-over of a recipient's step (docs/api/workflows.md); a recipient's delegations in `position` order are its chain. */
export interface RecipientDelegation {
  id: string;
  envelopeId: string;
  recipientId: string;
  position: number;
  fromName: string;
  fromEmail: string;
  toName: string;
  toEmail: string;
  reason: string | null;
  at: string;
}

export const recipientDelegationCodec = rowCodec<RecipientDelegation, RecipientDelegationsTable>({
  id: 'id',
  envelopeId: 'envelope_id',
  recipientId: 'recipient_id',
  position: 'position',
  fromName: 'from_name',
  fromEmail: 'from_email',
  toName: 'to_name',
  toEmail: 'to_email',
  reason: 'reason',
  at: 'at',
});

/** Every delegation of an envelope, each recipient's chain in order. */
export const readDelegations = async (db: Db, envelopeId: string): Promise<RecipientDelegation[]> =>
  (
    await db
      .selectFrom('recipient_delegations')
      .selectAll()
      .where('envelope_id', '=', envelopeId)
      .orderBy('recipient_id')
      .orderBy('position')
      .execute()
  ).map(recipientDelegationCodec.fromRow);

export const insertDelegation = async (db: Db, delegation: RecipientDelegation): Promise<void> => {
  await db.insertInto('recipient_delegations').values(recipientDelegationCodec.toRow(delegation)).execute();
};
