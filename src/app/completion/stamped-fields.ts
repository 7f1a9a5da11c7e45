import { hiddenFieldIds } from '../../domain/field-conditions.js';
import type { Field } from '../../infra/db/tables/fields-table.js';
import type { Recipient } from '../../infra/db/tables/recipients-table.js';

/** What a condition compares: the stored value, else the default; a checkbox never ticked reads "false". */
const conditionValue = (field: Field): string | null => field.value ?? field.defaultValue ?? (field.type === 'checkbox' ? 'false' : null);

/**
 * Each signing group's member who signed first: their copy of the group's fields is the one printed
 * at the placed positions (every member's copy sits in the same place); the other members who signed
 * are listed with their signatures on the certificate, and members who were not needed never signed.
 */
const firstSignerOfEachGroup = (recipients: readonly Recipient[]): Set<string> => {
  const first = new Map<string, Recipient>();
  for (const recipient of recipients) {
    if (!recipient.groupId || recipient.status !== 'Signed' || !recipient.signedAt) continue;
    const current = first.get(recipient.groupId);
    if (
      !current ||
      recipient.signedAt < current.signedAt! ||
      (recipient.signedAt === current.signedAt && recipient.position < current.position)
    ) {
      first.set(recipient.groupId, recipient);
    }
  }
  return new Set([...first.values()].map((recipient) => recipient.id));
};

/**
 * The fields one recipient's conditions are evaluated against, as the signing page evaluates them:
 * their own, and the named fields of the others, except the other members' copies of their own
 * group's fields. A name several copies share (a group's field seen from outside the group) reads
 * the copy that is printed, which comes last so that it wins.
 */
const conditionContext = (
  recipient: Recipient,
  fields: readonly Field[],
  byId: ReadonlyMap<string, Recipient>,
  printed: Set<string>,
): Field[] => {
  const sameGroup = (field: Field) => recipient.groupId !== null && byId.get(field.recipientId)?.groupId === recipient.groupId;
  const others = fields.filter((field) => field.recipientId !== recipient.id && field.name && !sameGroup(field));
  return [
    ...fields.filter((field) => field.recipientId === recipient.id),
    ...others.filter((field) => !printed.has(field.recipientId)),
    ...others.filter((field) => printed.has(field.recipientId)),
  ];
};

/**
 * The fields whose values are printed into the sealed documents: those of recipients whose signature
 * completed their step (a group's first signer only), less the fields their conditions hid when they
 * signed; a hidden field stores no value, and a hidden checkbox is not even drawn empty.
 */
export const stampedFields = (fields: readonly Field[], recipients: readonly Recipient[]): Field[] => {
  const byId = new Map(recipients.map((recipient) => [recipient.id, recipient]));
  const firstOfGroup = firstSignerOfEachGroup(recipients);
  const printed = new Set(
    recipients.filter((r) => r.status === 'Signed' && (r.groupId === null || firstOfGroup.has(r.id))).map((r) => r.id),
  );
  const values = new Map(fields.map((field) => [field.id, conditionValue(field)]));
  return recipients
    .filter((recipient) => printed.has(recipient.id))
    .flatMap((recipient) => {
      const own = fields.filter((field) => field.recipientId === recipient.id);
      const hidden = hiddenFieldIds(conditionContext(recipient, fields, byId, printed), (id) => values.get(id) ?? null);
      return own.filter((field) => !hidden.has(field.id));
    });
};
