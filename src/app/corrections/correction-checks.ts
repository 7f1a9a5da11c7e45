import { AppError, type Problem } from '../../domain/app-error.js';
import { conditionProblems, type RequestedConditionalField } from '../../domain/field-conditions.js';
import { signsDocuments } from '../../domain/signer-role.js';
import { awaitsAction, hasActed } from '../../domain/signing-steps.js';
import type { SignProcessFlow } from '../../domain/signing-order.js';
import type { Field } from '../../infra/db/tables/fields-table.js';
import type { Recipient } from '../../infra/db/tables/recipients-table.js';
import type { SigningGroup } from '../../infra/db/tables/signing-groups-table.js';
import { MAX_SIGNERS, type SignerStep } from '../envelopes/signer-entries.js';
import type { FieldInput } from '../envelopes/new-envelope.js';
import type { EnvelopeCorrection } from './correction-request.js';

/**
 * Every refusal of a correction, each with its own code: one is answered as itself (its own
 * status), several together as one list (docs/api/conventions.md: every problem at once).
 */
export class Refusals {
  private readonly errors: AppError[] = [];

  add(code: Problem['code'], message: string, field: string): void {
    this.errors.push(new AppError(code, message, { field }));
  }

  addAll(problems: readonly Problem[]): void {
    for (const problem of problems)
      this.errors.push(new AppError(problem.code, problem.message, problem.field ? { field: problem.field } : {}));
  }

  throwIfAny(): void {
    if (this.errors.length === 1) throw this.errors[0]!;
    if (this.errors.length) throw AppError.of(this.errors.flatMap((error) => error.problems));
  }
}

/** A recipient a correction may touch: on the envelope and not done (signed, approved, declined, let off). */
const touchable = (refusals: Refusals, byId: Map<string, Recipient>, recipientId: string, field: string): Recipient | undefined => {
  const recipient = byId.get(recipientId);
  if (!recipient) {
    refusals.add('RECIPIENT_NOT_FOUND', `No recipient ${recipientId} on this envelope.`, field);
    return undefined;
  }
  if (hasActed(recipient) || recipient.status === 'Declined' || recipient.status === 'NotNeeded') {
    refusals.add(
      'RECIPIENT_ALREADY_ACTED',
      `${recipient.name} is ${recipient.status}: only recipients who have not acted can be corrected.`,
      field,
    );
    return undefined;
  }
  return recipient;
};

const assertOnce = (refusals: Refusals, ids: readonly string[], path: string, seen = new Set<string>()): void => {
  ids.forEach((id, index) => {
    if (seen.has(id)) refusals.add('INVALID_FIELD', `${id} is named twice in this correction.`, `${path}[${index}]`);
    seen.add(id);
  });
};

/** The refusals that depend on the envelope's recipients as they are now, locked. */
export const stateRefusals = (
  refusals: Refusals,
  correction: EnvelopeCorrection,
  recipients: readonly Recipient[],
  groups: readonly SigningGroup[],
): void => {
  const byId = new Map(recipients.map((recipient) => [recipient.id, recipient]));
  const removed = new Set(correction.removeRecipients ?? []);
  assertOnce(refusals, correction.removeRecipients ?? [], 'remove_recipients');
  assertOnce(
    refusals,
    (correction.recipients ?? []).map((change) => change.recipientId),
    'recipients',
    new Set(),
  );
  assertOnce(
    refusals,
    (correction.fields ?? []).map((change) => change.recipientId),
    'fields',
  );

  (correction.recipients ?? []).forEach((change, index) => {
    const path = `recipients[${index}]`;
    const recipient = touchable(refusals, byId, change.recipientId, `${path}.recipient_id`);
    if (!recipient) return;
    if (removed.has(recipient.id))
      refusals.add('INVALID_FIELD', 'A recipient cannot be corrected and removed at once.', `${path}.recipient_id`);
    if (recipient.role === 'observer' && (change.authentication || change.phoneNumber !== undefined || change.countryCode !== undefined)) {
      refusals.add('AUTHENTICATION_NOT_FOR_OBSERVERS', 'Observers do not sign: they take no authentication or phone number.', path);
    }
    if (change.authentication?.method === 'sms' && (change.phoneNumber ?? recipient.phoneNumber) === null) {
      refusals.add('PHONE_NUMBER_REQUIRED', 'SMS authentication needs the signer’s country_code and phone_number.', `${path}.phone_number`);
    }
    if ((change.countryCode === undefined) !== (change.phoneNumber === undefined)) {
      refusals.add('PHONE_INCOMPLETE', 'Give country_code and phone_number together, or neither.', `${path}.phone_number`);
    }
  });

  (correction.removeRecipients ?? []).forEach((recipientId, index) => {
    const recipient = touchable(refusals, byId, recipientId, `remove_recipients[${index}]`);
    if (!recipient?.groupId) return;
    const group = groups.find((candidate) => candidate.id === recipient.groupId);
    const left = recipients.filter((member) => member.groupId === recipient.groupId && !removed.has(member.id)).length;
    if (group && left < Math.max(2, group.required)) {
      refusals.add(
        'INVALID_SIGNING_GROUP',
        `The group "${group.name}" would keep ${left} member(s); it needs at least 2 and at least the ${group.required} required.`,
        `remove_recipients[${index}]`,
      );
    }
  });
  recipients
    .filter((recipient) => recipient.witnessFor && removed.has(recipient.witnessFor) && !removed.has(recipient.id))
    .forEach((witness) =>
      refusals.add(
        'WITNESS_TARGET_NOT_FOUND',
        `${witness.name} witnesses a signer this correction removes: remove or correct the witness too.`,
        'remove_recipients',
      ),
    );
  const signersLeft = recipients.filter((recipient) => recipient.role === 'signer' && !removed.has(recipient.id)).length;
  if (signersLeft + (correction.addSigners?.length ?? 0) === 0) {
    refusals.add('NO_SIGNERS_LEFT', 'A correction cannot remove every signer of the envelope.', 'remove_recipients');
  }
  if (signersLeft + (correction.addSigners?.length ?? 0) > MAX_SIGNERS) {
    refusals.add('TOO_MANY_SIGNERS', `At most ${MAX_SIGNERS} signers.`, 'add_signers');
  }

  (correction.fields ?? []).forEach((change, index) => {
    const path = `fields[${index}].recipient_id`;
    const recipient = touchable(refusals, byId, change.recipientId, path);
    if (!recipient) return;
    if (removed.has(recipient.id)) refusals.add('INVALID_FIELD', 'A removed recipient takes no fields.', path);
    if (recipient.role === 'observer' || !signsDocuments(recipient.signerRole)) {
      refusals.add('FIELDS_NOT_ALLOWED', `${recipient.name} takes no fields: observers, approvers and viewers sign nothing.`, path);
    }
  });

  emailRefusals(refusals, correction, recipients, removed);
};

/** After the correction every recipient's address is still their own. */
const emailRefusals = (refusals: Refusals, correction: EnvelopeCorrection, recipients: readonly Recipient[], removed: Set<string>) => {
  const changed = new Map((correction.recipients ?? []).flatMap((change) => (change.email ? [[change.recipientId, change.email]] : [])));
  const taken = new Set(
    recipients.filter((recipient) => !removed.has(recipient.id) && !changed.has(recipient.id)).map((recipient) => recipient.email),
  );
  const claim = (email: string, field: string) => {
    const address = email.toLowerCase();
    if (taken.has(address)) refusals.add('DUPLICATE_SIGNER', `${email} is already a recipient of this envelope.`, field);
    taken.add(address);
  };
  (correction.recipients ?? []).forEach((change, index) => change.email && claim(change.email, `recipients[${index}].email`));
  // Two added entries with one address are creation's DUPLICATE_SIGNER already; a witness left to be named at signing has none yet.
  (correction.addSigners ?? []).forEach((signer, index) => {
    if (signer.email && taken.has(signer.email.toLowerCase()))
      refusals.add('DUPLICATE_SIGNER', `${signer.email} is already a recipient of this envelope.`, `add_signers[${index}].email`);
  });
};

/** A witness_for that may name a signer already on the envelope: a recipient id (checked under lock by addedWitnessTargets). */
export const namesRecipient = (witnessFor: string): boolean => witnessFor.trim().startsWith('rcp_');

/** What an added witness witnesses: another entry of the correction (its index) or a signer already on the envelope. */
export type AddedWitnessTarget = { entry: number } | { recipient: Recipient } | null;

/**
 * Each added entry's witnessed signer (null for other entries). A target among the added entries
 * was found by creation's checks; a recipient id must name a signer of this envelope, kept, who
 * signs documents, is no group member and has yet to sign, since their witness watches them do it.
 */
export const addedWitnessTargets = (
  refusals: Refusals,
  correction: EnvelopeCorrection,
  steps: readonly SignerStep[],
  recipients: readonly Recipient[],
): AddedWitnessTarget[] => {
  const removed = new Set(correction.removeRecipients ?? []);
  return (correction.addSigners ?? []).map((signer, index) => {
    const step = steps[index];
    if (step?.role !== 'witness') return null;
    if (step.witnessOf !== null) return { entry: step.witnessOf };
    const wanted = signer.witnessFor?.trim() ?? '';
    if (!namesRecipient(wanted)) return null;
    const refuse = (message: string) => {
      refusals.add('WITNESS_TARGET_NOT_FOUND', message, `add_signers[${index}].witness_for`);
      return null;
    };
    const recipient = recipients.find((candidate) => candidate.id === wanted && candidate.role === 'signer');
    if (!recipient || removed.has(recipient.id)) return refuse(`No signer ${wanted} stays on this envelope.`);
    if (!signsDocuments(recipient.signerRole) || recipient.signerRole === 'witness')
      return refuse(
        `${recipient.name} is ${recipient.signerRole === 'approver' ? 'an' : 'a'} ${recipient.signerRole}; a witness witnesses a signer's signature.`,
      );
    if (recipient.groupId) return refuse(`${recipient.name} is a member of a signing group; a witness witnesses one signer.`);
    if (!awaitsAction(recipient)) return refuse(`${recipient.name} is ${recipient.status}: a witness is added before their signer signs.`);
    return { recipient };
  });
};

/**
 * The signing orders of the added signers: later than every step that has acted or whose turn it
 * is (Sequential and Hybrid; a Parallel flow has one step). Absent orders follow the last step
 * in the order given; a Sequential flow keeps its orders distinct. A witness takes the order of the
 * signer they witness, as at creation.
 */
export const addedOrders = (
  refusals: Refusals,
  flow: SignProcessFlow,
  correction: EnvelopeCorrection,
  recipients: readonly Recipient[],
  witnesses: readonly AddedWitnessTarget[],
): number[] => {
  const signers = correction.addSigners ?? [];
  const kept = recipients.filter((recipient) => recipient.role === 'signer' && !(correction.removeRecipients ?? []).includes(recipient.id));
  const started = kept.filter((recipient) => recipient.status !== 'Waiting').map((recipient) => recipient.signingOrder);
  const floor = Math.max(0, ...started);
  const used = new Set(kept.filter((recipient) => recipient.signerRole !== 'witness').map((recipient) => recipient.signingOrder));
  let next = Math.max(0, ...kept.map((recipient) => recipient.signingOrder));
  const orders = signers.map((signer, index) => {
    if (signer.role === 'witness') return 0;
    if (flow === 'Parallel') return signer.signingOrder ?? 1;
    const order = signer.signingOrder ?? (next += 1);
    const field = `add_signers[${index}].signing_order`;
    if (order <= floor) {
      refusals.add(
        'INVALID_SIGNING_ORDER',
        `An added signer comes after the steps already started: signing_order must be above ${floor}.`,
        field,
      );
    } else if (flow === 'Sequential' && used.has(order)) {
      refusals.add('INVALID_SIGNING_ORDER', `signing_order ${order} is taken; a Sequential flow needs distinct orders.`, field);
    }
    used.add(order);
    return order;
  });
  return orders.map((order, index) => {
    const witnessed = witnesses[index];
    if (signers[index]!.role !== 'witness') return order;
    const own = !witnessed ? 1 : 'entry' in witnessed ? orders[witnessed.entry]! : witnessed.recipient.signingOrder;
    const given = signers[index]!.signingOrder;
    if (witnessed && given !== undefined && given !== own) {
      refusals.add(
        'INVALID_SIGNING_ORDER',
        `A witness signs in the step of the signer they witness (signing_order ${own}): give that order, or none.`,
        `add_signers[${index}].signing_order`,
      );
    }
    return own;
  });
};

/**
 * The fields' names and conditions over the whole envelope as the correction leaves it
 * (DUPLICATE_FIELD_NAME, UNKNOWN_CONDITION_FIELD, CONDITION_CYCLE). A requested field is named by
 * its path, a stored one by its id. A name repeats legitimately only within one signer's anchor
 * occurrences or across a signing group's copies, which count once.
 */
export const conditionRefusals = (
  refusals: Refusals,
  correction: EnvelopeCorrection,
  recipients: readonly Recipient[],
  stored: readonly Field[],
): void => {
  const dropped = new Set([...(correction.removeRecipients ?? []), ...(correction.fields ?? []).map((change) => change.recipientId)]);
  const groupOf = new Map(recipients.map((recipient) => [recipient.id, recipient.groupId]));
  const firstWith = new Map<string, string>();
  // A stored repeat is a copy; a requested one is a copy only when another member of the group holds the name.
  const counted = (recipientId: string, name: string | null | undefined, stored: boolean): boolean => {
    if (!name) return true;
    const key = `${groupOf.get(recipientId) ?? recipientId}\n${name}`;
    const first = firstWith.get(key);
    if (first === undefined) firstWith.set(key, recipientId);
    return first === undefined || (!stored && first === recipientId);
  };
  const requested = (recipientId: string, fields: readonly FieldInput[], path: string): RequestedConditionalField[] =>
    fields.flatMap((field, j) =>
      counted(recipientId, field.name, false) ? [{ name: field.name, showIf: field.show_if, path: `${path}.fields[${j}]` }] : [],
    );
  refusals.addAll(
    conditionProblems([
      ...stored
        .filter((field) => !dropped.has(field.recipientId) && counted(field.recipientId, field.name, true))
        .map((field) => ({ name: field.name, showIf: field.showIf, path: field.id })),
      ...(correction.fields ?? []).flatMap((change, i) => requested(change.recipientId, change.fields, `fields[${i}]`)),
      ...(correction.addSigners ?? []).flatMap((signer, i) => requested(`add_signers[${i}]`, signer.fields ?? [], `add_signers[${i}]`)),
    ]),
  );
};
