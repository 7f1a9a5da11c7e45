import type { SignerRole } from '../../../../src/domain/signer-role.js';
import { signsDocuments } from '../../../../src/domain/signer-role.js';
import { newKey } from '../../editor/field-model.js';

export { GROUP_MAX, GROUP_MIN } from '../../editor/group-bounds.js';

export type Flow = 'Parallel' | 'Sequential' | 'Hybrid';

export interface PersonDraft {
  key: string;
  name: string;
  email: string;
}

/** A signing group: `required` of its members must sign; each signs their own copy of the group's fields. */
export interface GroupDraft {
  name: string;
  members: PersonDraft[];
  required: number;
}

/** A signer entry of the composer: one person in a role, or a signing group (`group` set). */
export interface SignerDraft extends PersonDraft {
  order: number;
  role: SignerRole;
  /** in_person: the address of the account user on whose device they sign. */
  hostEmail: string;
  /** witness: the key of the signer entry they witness. */
  witnessFor: string;
  group: GroupDraft | null;
}

export type ObserverDraft = PersonDraft;

export const newPerson = (): PersonDraft => ({ key: newKey(), name: '', email: '' });

export const newSigner = (order: number): SignerDraft => ({
  ...newPerson(),
  order,
  role: 'signer',
  hostEmail: '',
  witnessFor: '',
  group: null,
});

export const newGroup = (order: number, name = ''): SignerDraft => ({
  ...newSigner(order),
  group: { name, members: [newPerson(), newPerson()], required: 1 },
});

export const newObserver = (): ObserverDraft => newPerson();

/** Approvers and viewers have no fields; a group's members sign. */
export const draftTakesFields = (signer: SignerDraft): boolean => signer.group !== null || signsDocuments(signer.role);

/** The entries a witness may witness: the people who sign, other than witnesses and the witness itself. */
export const witnessable = (signers: readonly SignerDraft[], witness: SignerDraft): SignerDraft[] =>
  signers.filter(
    (signer) => signer.key !== witness.key && signer.group === null && (signer.role === 'signer' || signer.role === 'in_person'),
  );

/** Still missing before the service would take the entries, in the order a person fills them in. */
export const signerGaps = (signers: readonly SignerDraft[]): { emails: boolean; witness: boolean; host: boolean } => ({
  emails: signers.some((signer) =>
    signer.group ? signer.group.members.some((member) => !member.email.trim()) : signer.role !== 'witness' && !signer.email.trim(),
  ),
  witness: signers.some(
    (signer) =>
      signer.group === null && signer.role === 'witness' && !witnessable(signers, signer).some((s) => s.key === signer.witnessFor),
  ),
  host: signers.some((signer) => signer.group === null && signer.role === 'in_person' && !signer.hostEmail),
});

/** One entry of `recipients.signers` as the create operations take it (docs/api/workflows.md). */
export const signerBody = (signer: SignerDraft, signers: readonly SignerDraft[], ordered: boolean, label: string) => {
  const order = ordered ? { signing_order: signer.order } : {};
  if (signer.group) {
    return {
      group: {
        // The form shows an unnamed group under its number: the group is sent under that name.
        name: signer.group.name.trim() || label,
        members: signer.group.members.map((member) => ({ name: member.name.trim(), email: member.email.trim() })),
        required: signer.group.required,
      },
      ...order,
    };
  }
  const witnessed = signer.role === 'witness' ? signers.find((candidate) => candidate.key === signer.witnessFor) : undefined;
  return {
    name: signer.name.trim(),
    ...(signer.email.trim() || signer.role !== 'witness' ? { email: signer.email.trim() } : {}),
    ...(signer.role === 'signer' ? {} : { role: signer.role }),
    ...(signer.role === 'in_person' ? { host_email: signer.hostEmail } : {}),
    ...(witnessed ? { witness_for: witnessed.email.trim() } : {}),
    ...order,
  };
};
