import { AppError, type Problem } from '../../domain/app-error.js';
import { conditionProblems } from '../../domain/field-conditions.js';
import { isSignerRole, signsDocuments, type SignerRole } from '../../domain/signer-role.js';
import type { Db } from '../../infra/db/database.js';
import { readUsersByEmail } from '../../infra/db/tables/users-table.js';
import type { ObserverInput, PersonInput, SignerInput } from './new-envelope.js';
import { authenticationProblems } from './signer-authentication.js';

/** Recipients of one envelope, group members included (docs/api/limits.md). */
export const MAX_SIGNERS = 50;
/** A signing group's members (docs/api/workflows.md). */
export const GROUP_SIZE = { min: 2, max: 20 };

/** A member of a signing group, their name resolved. */
export interface GroupMember extends PersonInput {
  name: string;
}

/** What a signer entry's step is, beyond its person: checked, with its witness and group resolved. */
export interface SignerStep {
  role: SignerRole;
  /** The index of the entry a witness witnesses. */
  witnessOf: number | null;
  /** An in-person signer's host, by address (their user id is looked up with the account). */
  hostEmail: string | null;
  group: { name: string; required: number; members: GroupMember[] } | null;
}

/** Entries added to an envelope that already has recipients and fields (a correction), rather than a new one's. */
export interface JoiningEntries {
  /** Whether a witness_for names a recipient already on the envelope: the caller checks that target itself. */
  namesRecipient: (witnessFor: string) => boolean;
}

export interface CheckedSignerEntries {
  /** Each entry's name: the person's, or the group's. */
  signerNames: string[];
  steps: SignerStep[];
  observerNames: string[];
}

const lower = (email: string) => email.trim().toLowerCase();

/** `name`, or `first_name` + `last_name` joined by one space (docs/api/conventions.md). */
export const personName = (person: Omit<PersonInput, 'email'>, path: string, problems: Problem[]): string => {
  const name = person.name?.trim() || [person.firstName?.trim(), person.lastName?.trim()].filter(Boolean).join(' ');
  if (!name) problems.push({ code: 'RECIPIENT_NAME_REQUIRED', message: 'Give name, or first_name and last_name.', field: `${path}.name` });
  return name;
};

/** A witness may be named only at signing (the witnessed signer names them): then they have no address yet, and may have no name. */
const unnamedWitness = (signer: SignerInput) => signer.role === 'witness' && !signer.email;

/** The role an entry asks for, 'signer' when absent; undefined when it is no role at all. */
const roleOf = (signer: SignerInput): SignerRole | undefined => {
  const role = signer.role ?? 'signer';
  return isSignerRole(role) ? role : undefined;
};

/**
 * The entry a witness witnesses: the one whose signer_title (templates) or e-mail is `witness_for`,
 * or a problem saying why there is none that can be witnessed.
 */
const witnessTarget = (signers: readonly SignerInput[], index: number, joining?: JoiningEntries): { target?: number; problem?: string } => {
  const wanted = signers[index]!.witnessFor?.trim();
  if (!wanted) return { problem: 'A witness needs witness_for: the signer_title or e-mail of the signer they witness.' };
  const matches = (signer: SignerInput) =>
    !signer.group && ((signer.title !== undefined && signer.title === wanted) || (!!signer.email && lower(signer.email) === lower(wanted)));
  const target = signers.findIndex(matches);
  if (target === index) return { problem: 'A witness cannot witness themselves.' };
  if (target >= 0) {
    const role = roleOf(signers[target]!);
    if (role === 'witness') return { problem: `"${wanted}" is a witness; a witness witnesses a signer's signature.` };
    if (role && !signsDocuments(role))
      return { problem: `"${wanted}" is ${role === 'approver' ? 'an approver' : 'a viewer'}, who signs nothing to witness.` };
    return { target };
  }
  if (joining?.namesRecipient(wanted)) return {};
  const group = signers.find(
    (signer) => signer.group && (signer.group.name === wanted || signer.group.members.some((m) => lower(m.email) === lower(wanted))),
  );
  if (group) return { problem: `"${wanted}" names a signing group; a witness witnesses one signer.` };
  return { problem: `No other signer of this request has the signer_title or e-mail "${wanted}".` };
};

/** The index of the entry each witness witnesses (null for any other entry, or a witness whose target is wrong): their signing orders follow it. */
export const witnessTargets = (signers: readonly SignerInput[]): (number | null)[] =>
  signers.map((signer, i) => (signer.role === 'witness' ? (witnessTarget(signers, i).target ?? null) : null));

const groupProblems = (signer: SignerInput, path: string, problems: Problem[]): SignerStep['group'] => {
  const group = signer.group!;
  for (const key of signer.personKeys ?? []) {
    problems.push({
      code: 'UNKNOWN_FIELD',
      message: `A group entry takes group, signing_order and fields; ${key} belongs to its members.`,
      field: `${path}.${key}`,
    });
  }
  const size = group.members.length;
  if (size < GROUP_SIZE.min || size > GROUP_SIZE.max) {
    problems.push({
      code: 'INVALID_SIGNING_GROUP',
      message: `A signing group has ${GROUP_SIZE.min} to ${GROUP_SIZE.max} members; this one has ${size}.`,
      field: `${path}.group.members`,
    });
  }
  const required = group.required ?? 1;
  if (!Number.isInteger(required) || required < 1 || required > size) {
    problems.push({
      code: 'INVALID_SIGNING_GROUP',
      message: `required is how many of the ${size} members must sign: from 1 to ${size}.`,
      field: `${path}.group.required`,
    });
  }
  if (!group.name.trim())
    problems.push({ code: 'INVALID_SIGNING_GROUP', message: 'A signing group needs a name.', field: `${path}.group.name` });
  const seen = new Set<string>();
  const members = group.members.map((member, j) => {
    const memberPath = `${path}.group.members[${j}]`;
    const email = lower(member.email);
    if (seen.has(email)) {
      problems.push({
        code: 'INVALID_SIGNING_GROUP',
        message: `${member.email} is already a member of this group.`,
        field: `${memberPath}.email`,
      });
    }
    seen.add(email);
    return { ...member, name: personName(member, memberPath, problems) };
  });
  return { name: group.name.trim(), required, members };
};

const personProblems = (
  signers: readonly SignerInput[],
  i: number,
  path: string,
  problems: Problem[],
  joining?: JoiningEntries,
): SignerStep => {
  const signer = signers[i]!;
  const role = roleOf(signer);
  if (!role) {
    problems.push({
      code: 'INVALID_SIGNER_ROLE',
      message: 'role must be one of signer, approver, viewer, in_person, witness.',
      field: `${path}.role`,
    });
  }
  if (!signer.email && role !== 'witness')
    problems.push({ code: 'FIELD_REQUIRED', message: `"${path}.email" is required.`, field: `${path}.email` });
  if ((role === 'approver' || role === 'viewer') && signer.fields?.length) {
    problems.push({
      code: 'FIELDS_NOT_ALLOWED',
      message: `${role === 'approver' ? 'An approver approves' : 'A viewer views'} the documents and fills no field: leave fields out.`,
      field: `${path}.fields`,
    });
  }
  if (role === 'in_person' && !signer.hostEmail?.trim()) {
    problems.push({
      code: 'HOST_NOT_FOUND',
      message: 'An in_person signer needs host_email: the address of the user of this account on whose device they sign.',
      field: `${path}.host_email`,
    });
  }
  if (role !== 'in_person' && signer.hostEmail !== undefined) {
    problems.push({ code: 'INVALID_FIELD', message: 'host_email is for in_person signers only.', field: `${path}.host_email` });
  }
  let witnessOf: number | null = null;
  if (role === 'witness') {
    const { target, problem } = witnessTarget(signers, i, joining);
    if (problem) problems.push({ code: 'WITNESS_TARGET_NOT_FOUND', message: problem, field: `${path}.witness_for` });
    witnessOf = target ?? null;
  } else if (signer.witnessFor !== undefined) {
    problems.push({ code: 'INVALID_FIELD', message: 'witness_for is for signers whose role is witness.', field: `${path}.witness_for` });
  }
  if ((signer.countryCode === undefined) !== (signer.phoneNumber === undefined)) {
    problems.push({
      code: 'PHONE_INCOMPLETE',
      message: 'Give country_code and phone_number together, or neither.',
      field: `${path}.phone_number`,
    });
  }
  return { role: role ?? 'signer', witnessOf, hostEmail: role === 'in_person' ? (signer.hostEmail?.trim() ?? null) : null, group: null };
};

/** DUPLICATE_SIGNER across persons and group members: one address, one step (a witness yet to be named has none). */
const duplicateProblems = (signers: readonly SignerInput[]): Problem[] => {
  const seen = new Set<string>();
  const problems: Problem[] = [];
  const see = (email: string, field: string) => {
    if (!email) return;
    if (seen.has(lower(email)))
      problems.push({ code: 'DUPLICATE_SIGNER', message: `${email} is already a signer of this envelope.`, field });
    seen.add(lower(email));
  };
  signers.forEach((signer, i) => {
    // A member twice within their group is INVALID_SIGNING_GROUP already.
    const ownMembers = new Set<string>();
    signer.group?.members.forEach((member, j) => {
      if (!ownMembers.has(lower(member.email))) see(member.email, `recipients.signers[${i}].group.members[${j}].email`);
      ownMembers.add(lower(member.email));
    });
    if (!signer.group) see(signer.email, `recipients.signers[${i}].email`);
  });
  return problems;
};

/**
 * Conditions over every field of the request's entries (a group's fields once: each member's copy
 * keeps the names). Fields its documents bring can be named too: once they are read, the envelope's
 * conditions are checked over all of them (assign-document-fields.ts) instead.
 */
export const fieldConditionProblems = (signers: readonly SignerInput[]): Problem[] =>
  conditionProblems(
    signers.flatMap((signer, i) =>
      (signer.fields ?? []).map((field, j) => ({ name: field.name, showIf: field.show_if, path: `recipients.signers[${i}].fields[${j}]` })),
    ),
  );

/**
 * The signer entries' and observers' checks that need nothing stored: roles, hosts named, witnesses
 * and their targets, groups, duplicates, the recipients' count and authentication. The fields'
 * conditions are the caller's (fieldConditionProblems), over every field the envelope will have.
 * Every problem is thrown at once.
 */
export const checkSignerEntries = (
  signers: readonly SignerInput[],
  observers: readonly ObserverInput[],
  joining?: JoiningEntries,
): CheckedSignerEntries => {
  const problems: Problem[] = [];
  const count = signers.reduce((sum, signer) => sum + (signer.group ? signer.group.members.length : 1), 0);
  if (count > MAX_SIGNERS) {
    problems.push({
      code: 'TOO_MANY_SIGNERS',
      message: `At most ${MAX_SIGNERS} signers, group members included; this request has ${count}.`,
      field: 'recipients.signers',
    });
  }
  const signerNames: string[] = [];
  const steps = signers.map((signer, i): SignerStep => {
    const path = `recipients.signers[${i}]`;
    if (signer.group) {
      const group = groupProblems(signer, path, problems);
      signerNames.push(group?.name ?? '');
      return { role: 'signer', witnessOf: null, hostEmail: null, group };
    }
    signerNames.push(unnamedWitness(signer) && !signer.name && !signer.firstName ? '' : personName(signer, path, problems));
    return personProblems(signers, i, path, problems, joining);
  });
  const observerNames = observers.map((o, i) => personName(o, `recipients.observers[${i}]`, problems));
  problems.push(...duplicateProblems(signers), ...authenticationProblems(signers, observers));
  if (problems.length) throw AppError.of(problems, 'The request is invalid.');
  return { signerNames, steps, observerNames };
};

/** Each in-person entry's host, a user of the account (400 HOST_NOT_FOUND for any other address); null for other entries. */
export const resolveHosts = async (
  db: Db,
  accountId: string,
  signers: readonly SignerInput[],
  path = 'recipients.signers',
): Promise<(string | null)[]> => {
  // Looked up together; the problems are answered in the entries' order, whichever lookup ends first.
  const found = await Promise.all(
    signers.map(async (signer, i): Promise<{ id: string | null; problem?: Problem }> => {
      const hostEmail = signer.hostEmail?.trim();
      if (signer.role !== 'in_person' || !hostEmail) return { id: null };
      const user = (await readUsersByEmail(db, lower(hostEmail))).find((candidate) => candidate.accountId === accountId);
      if (user) return { id: user.id };
      return {
        id: null,
        problem: {
          code: 'HOST_NOT_FOUND',
          message: `${hostEmail} is not a user of this account; the host of an in-person signing is.`,
          field: `${path}[${i}].host_email`,
        },
      };
    }),
  );
  const problems = found.flatMap((host) => (host.problem ? [host.problem] : []));
  if (problems.length) throw AppError.of(problems, 'The request is invalid.');
  return found.map((host) => host.id);
};
