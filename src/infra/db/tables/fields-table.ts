import type { ShowIf } from '../../../domain/field-conditions.js';
import type { FieldType } from '../../../domain/field-rules.js';
import type { Db } from '../database.js';
import type { PendingInsert } from '../insert-at-once.js';
import { bool, jsonOrNull, oneOf, rowCodec } from '../row-codec.js';
import type { FieldsTable } from '../schema.js';

export interface Field {
  id: string;
  envelopeId: string;
  recipientId: string;
  position: number;
  type: FieldType;
  /** 1-based document position within the envelope. */
  document: number;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  required: boolean;
  placeholder: string | null;
  defaultValue: string | null;
  editable: boolean;
  options: string[] | null;
  value: string | null;
  /** Unique per envelope; conditions refer to it. */
  name: string | null;
  /** Shown only while the named field has this value (docs/api/workflows.md). */
  showIf: ShowIf | null;
}

export const fieldCodec = rowCodec<Field, FieldsTable>({
  id: 'id',
  envelopeId: 'envelope_id',
  recipientId: 'recipient_id',
  position: 'position',
  type: ['type', oneOf<FieldType>()],
  document: 'document',
  page: 'page',
  x: 'x',
  y: 'y',
  width: 'width',
  height: 'height',
  required: ['required', bool],
  placeholder: 'placeholder',
  defaultValue: 'default_value',
  editable: ['editable', bool],
  options: ['options', jsonOrNull<string[]>()],
  value: 'value',
  name: 'name',
  showIf: ['show_if', jsonOrNull<ShowIf>()],
});

/** An envelope's fields (or one recipient's), in placement order. */
export const readFields = async (db: Db, envelopeId: string, recipientId?: string): Promise<Field[]> => {
  let query = db.selectFrom('fields').selectAll().where('envelope_id', '=', envelopeId);
  if (recipientId) query = query.where('recipient_id', '=', recipientId);
  const rows = await query.orderBy('recipient_id').orderBy('position').execute();
  return rows.map(fieldCodec.fromRow);
};

/** Rows per INSERT: 17 columns × 50 rows stays under SQLite's 999 bound variables of older builds. */
const INSERT_BATCH = 50;

/** The inserts of these fields, not run yet (see insertAtOnce). */
export const fieldInserts = (db: Db, fields: readonly Field[]): PendingInsert[] => {
  const inserts: PendingInsert[] = [];
  for (let i = 0; i < fields.length; i += INSERT_BATCH) {
    inserts.push(db.insertInto('fields').values(fields.slice(i, i + INSERT_BATCH).map(fieldCodec.toRow)));
  }
  return inserts;
};

export const insertFields = async (db: Db, fields: Field[]): Promise<void> => {
  for (const insert of fieldInserts(db, fields)) await insert.execute();
};

export const setFieldValue = async (db: Db, fieldId: string, value: string | null): Promise<void> => {
  await db.updateTable('fields').set({ value }).where('id', '=', fieldId).execute();
};
