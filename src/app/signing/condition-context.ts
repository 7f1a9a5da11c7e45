import { hiddenFieldIds } from '../../domain/field-conditions.js';
import type { Field } from '../../infra/db/tables/fields-table.js';
import type { Recipient } from '../../infra/db/tables/recipients-table.js';

/** What a condition compares: the stored value, else the default; a checkbox never ticked reads "false". */
export const conditionValue = (field: Pick<Field, 'type' | 'value' | 'defaultValue'>): string | null =>
  field.value ?? field.defaultValue ?? (field.type === 'checkbox' ? 'false' : null);

/**
 * The other recipients' named fields a recipient's conditions may read (docs/concepts/signing.md):
 * every named field but the recipient's own and, for a group member, the other members' copies of
 * the group's fields. A name several copies share (another group's field) reads the copy of the
 * member who signed first, as the sealed document prints it.
 */
export const otherNamedFields = (recipient: Recipient, recipients: readonly Recipient[], fields: readonly Field[]): Field[] => {
  const byId = new Map(recipients.map((other) => [other.id, other]));
  const sameGroup = (field: Field) => recipient.groupId !== null && byId.get(field.recipientId)?.groupId === recipient.groupId;
  const signedAt = (field: Field) => byId.get(field.recipientId)?.signedAt ?? null;
  const chosen = new Map<string, Field>();
  for (const field of fields) {
    if (field.recipientId === recipient.id || !field.name || sameGroup(field)) continue;
    const current = chosen.get(field.name);
    const earlier = (a: string | null, b: string | null) => a !== null && (b === null || a < b);
    if (!current || earlier(signedAt(field), signedAt(current))) chosen.set(field.name, field);
  }
  return [...chosen.values()];
};

/**
 * The ids of a recipient's own fields their conditions hide, given their own values (submitted or
 * stored) and the other recipients' named fields as stored; the others stand in as plain values,
 * exactly as the signing page evaluates them.
 */
export const hiddenOwnFields = (
  own: readonly Field[],
  others: readonly Field[],
  ownValue: (field: Field) => string | null,
): Set<string> => {
  const ownNames = new Set(own.flatMap((field) => (field.name ? [field.name] : [])));
  const theirs = others.filter((field) => !ownNames.has(field.name!));
  const values = new Map<string, string | null>([
    ...own.map((field) => [field.id, ownValue(field)] as const),
    ...theirs.map((field) => [field.id, conditionValue(field)] as const),
  ]);
  return hiddenFieldIds([...own, ...theirs.map((field) => ({ ...field, showIf: null }))], (id) => values.get(id) ?? null);
};
