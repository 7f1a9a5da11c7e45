import { AppError, type ErrorCode, type Problem } from '../../domain/app-error.js';
import { conditionProblems } from '../../domain/field-conditions.js';
import { isSignerRole, signsDocuments } from '../../domain/signer-role.js';
import type { Db } from '../../infra/db/database.js';
import type { FieldInput } from '../envelopes/new-envelope.js';
import { GROUP_SIZE, resolveHosts } from '../envelopes/signer-entries.js';

/** A role's signing group: filled with its members by each envelope made from the template (docs/api/workflows.md). */
export interface SignerRoleGroup {
  /** The role's signer_title when absent. */
  name?: string;
  required?: number;
  /** How many members an envelope must name; any number from 2 to 20 when absent. */
  size?: number;
}

export interface SignerRole {
  signer_title: string;
  signing_order?: number;
  fields?: FieldInput[];
  /** What the role's step asks (docs/api/workflows.md); 'signer' when absent. */
  role?: string;
  host_email?: string;
  /** A witness role's witnessed role, by signer_title. */
  witness_for?: string;
  group?: SignerRoleGroup;
}

export interface ObserverRole {
  observer_title: string;
}

/** The roles of a template, as stored (JSON) and as envelopes made from it fill them. */
export interface TemplateRoles {
  signers: SignerRole[];
  observers: ObserverRole[];
}

const duplicates = (titles: readonly string[], code: ErrorCode, path: (i: number) => string): Problem[] =>
  titles.flatMap((title, i) =>
    titles.indexOf(title) !== i ? [{ code, message: `The title "${title}" is given twice.`, field: path(i) }] : [],
  );

/** Role titles name the roles a request fills, so each must be unique among its kind. */
export const assertUniqueRoleTitles = (roles: TemplateRoles): void => {
  const problems = [
    ...duplicates(
      roles.signers.map((r) => r.signer_title),
      'DUPLICATE_SIGNER_TITLE',
      (i) => `roles.signers[${i}].signer_title`,
    ),
    ...duplicates(
      roles.observers.map((r) => r.observer_title),
      'DUPLICATE_OBSERVER_TITLE',
      (i) => `roles.observers[${i}].observer_title`,
    ),
  ];
  if (problems.length) throw AppError.of(problems, 'The request is invalid.');
};

const roleProblems = (roles: TemplateRoles): Problem[] => {
  const problems: Problem[] = [];
  roles.signers.forEach((role, i) => {
    const path = `roles.signers[${i}]`;
    const kind = role.role ?? 'signer';
    if (!isSignerRole(kind)) {
      problems.push({
        code: 'INVALID_SIGNER_ROLE',
        message: 'role must be one of signer, approver, viewer, in_person, witness.',
        field: `${path}.role`,
      });
      return;
    }
    if (role.group && kind !== 'signer') {
      problems.push({
        code: 'INVALID_SIGNING_GROUP',
        message: 'A signing group’s members sign: a group role takes no other role.',
        field: `${path}.role`,
      });
    }
    if (!signsDocuments(kind) && role.fields?.length) {
      problems.push({
        code: 'FIELDS_NOT_ALLOWED',
        message: `A role of ${kind}s fills no field: leave fields out.`,
        field: `${path}.fields`,
      });
    }
    if (kind === 'in_person' && !role.host_email) {
      problems.push({
        code: 'HOST_NOT_FOUND',
        message: 'An in_person role needs host_email: a user of this account.',
        field: `${path}.host_email`,
      });
    }
    if (kind !== 'in_person' && role.host_email !== undefined) {
      problems.push({ code: 'INVALID_FIELD', message: 'host_email is for in_person roles only.', field: `${path}.host_email` });
    }
    if (kind !== 'witness' && role.witness_for !== undefined) {
      problems.push({ code: 'INVALID_FIELD', message: 'witness_for is for witness roles only.', field: `${path}.witness_for` });
    }
    if (kind === 'witness') {
      const target = roles.signers.find((other) => other.signer_title === role.witness_for);
      const targetKind = target?.role ?? 'signer';
      if (
        !target ||
        target === role ||
        target.group ||
        !isSignerRole(targetKind) ||
        targetKind === 'witness' ||
        !signsDocuments(targetKind)
      ) {
        problems.push({
          code: 'WITNESS_TARGET_NOT_FOUND',
          message: 'witness_for names the signer_title of another role that signs, not a witness, nor a group.',
          field: `${path}.witness_for`,
        });
      }
    }
    if (role.group) {
      const { size, required = 1 } = role.group;
      if (size !== undefined && (size < GROUP_SIZE.min || size > GROUP_SIZE.max)) {
        problems.push({
          code: 'INVALID_SIGNING_GROUP',
          message: `A signing group has ${GROUP_SIZE.min} to ${GROUP_SIZE.max} members.`,
          field: `${path}.group.size`,
        });
      }
      if (required < 1 || required > (size ?? GROUP_SIZE.max)) {
        problems.push({
          code: 'INVALID_SIGNING_GROUP',
          message: `required is how many members must sign: from 1 to ${size ?? GROUP_SIZE.max}.`,
          field: `${path}.group.required`,
        });
      }
    }
  });
  return problems;
};

const roleConditionProblems = (roles: TemplateRoles): Problem[] =>
  conditionProblems(
    roles.signers.flatMap((role, i) =>
      (role.fields ?? []).map((field, j) => ({ name: field.name, showIf: field.show_if, path: `roles.signers[${i}].fields[${j}]` })),
    ),
  );

/**
 * A template's roles checked as an envelope made from them will be: unique titles, each role's step
 * (its role, in-person host among the account's users, witnessed role, group bounds) and the
 * conditions of their fields — unless `checkConditions` is false: a new template's are checked with
 * the fields its documents bring (assign-document-fields.ts). Every problem is thrown at once.
 */
export const assertTemplateRoles = async (
  db: Db,
  accountId: string,
  roles: TemplateRoles,
  { checkConditions = true }: { checkConditions?: boolean } = {},
): Promise<void> => {
  const problems: Problem[] = [];
  try {
    assertUniqueRoleTitles(roles);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    problems.push(...error.problems);
  }
  problems.push(...roleProblems(roles), ...(checkConditions ? roleConditionProblems(roles) : []));
  try {
    await resolveHosts(
      db,
      accountId,
      roles.signers.map((role) => ({ email: '', role: role.role, hostEmail: role.host_email })),
      'roles.signers',
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    problems.push(...error.problems);
  }
  if (problems.length) throw AppError.of(problems, 'The request is invalid.');
};
