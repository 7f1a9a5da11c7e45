import { AppError, type Problem } from '../../domain/app-error.js';
import type { PublicLinkRecipients } from '../../infra/db/tables/public-links-table.js';
import type { TemplateRoles } from '../templates/template-roles.js';

/**
 * Checks that a link's people fill the template's roles: the visitor's role is a signer role, every
 * other signer role is filled exactly once by `recipients`, and observers name observer roles, each
 * once. Checked when the link is saved, so no visitor meets a link that cannot make an envelope.
 */
export const assertLinkFillsRoles = (roles: TemplateRoles, visitorRole: string, recipients: PublicLinkRecipients): void => {
  const problems: Problem[] = [];
  if (!roles.signers.some((role) => role.signer_title === visitorRole))
    problems.push({ code: 'SIGNER_TITLE_NOT_FOUND', message: `The template has no signer role "${visitorRole}".`, field: 'role' });
  const filled = new Set<string>([visitorRole]);
  recipients.signers.forEach(({ signerTitle }, i) => {
    const field = `recipients.signers[${i}].signer_title`;
    if (!roles.signers.some((role) => role.signer_title === signerTitle))
      problems.push({ code: 'SIGNER_TITLE_NOT_FOUND', message: `The template has no signer role "${signerTitle}".`, field });
    else if (filled.has(signerTitle))
      problems.push({
        code: 'DUPLICATE_SIGNER_TITLE',
        message:
          signerTitle === visitorRole
            ? `The role "${signerTitle}" is the visitor's: it takes no one else.`
            : `The signer role "${signerTitle}" is filled twice.`,
        field,
      });
    filled.add(signerTitle);
  });
  for (const role of roles.signers.filter((r) => !filled.has(r.signer_title)))
    problems.push({
      code: 'SIGNER_ROLE_MISSING',
      message: `No one fills the role "${role.signer_title}": name them in recipients.signers.`,
      field: 'recipients.signers',
    });
  const observed = new Set<string>();
  recipients.observers.forEach(({ observerTitle }, i) => {
    const field = `recipients.observers[${i}].observer_title`;
    if (!roles.observers.some((role) => role.observer_title === observerTitle))
      problems.push({ code: 'OBSERVER_TITLE_NOT_FOUND', message: `The template has no observer role "${observerTitle}".`, field });
    else if (observed.has(observerTitle))
      problems.push({ code: 'DUPLICATE_OBSERVER_TITLE', message: `The observer role "${observerTitle}" is filled twice.`, field });
    observed.add(observerTitle);
  });
  if (problems.length) throw AppError.of(problems);
};
