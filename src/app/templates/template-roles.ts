import { AppError, type ErrorCode, type Problem } from '../../domain/app-error.js';
import type { FieldInput } from '../envelopes/new-envelope.js';

export interface SignerRole {
  signer_title: string;
  signing_order?: number;
  fields?: FieldInput[];
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
