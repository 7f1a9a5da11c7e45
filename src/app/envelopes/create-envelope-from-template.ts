import { AppError, type Problem } from '../../domain/app-error.js';
import type { Language } from '../../domain/language.js';
import { updateDocument } from '../../infra/db/tables/documents-table.js';
import type { AppContext, Caller } from '../context.js';
import type { IdempotentResponse } from '../idempotency/idempotency-keys.js';
import { loadTemplate, templateDocuments, type AccountTemplate } from '../templates/load-template.js';
import type { SignerRole, TemplateRoles } from '../templates/template-roles.js';
import { checkNewEnvelope, sendNewEnvelope, type CreatedEnvelope } from './envelope-creation.js';
import type { EnvelopeInput, FieldInput, FlagInput, ObserverInput, RequestOrigin, SignerInput } from './new-envelope.js';
import type { AuthenticationInput } from './signer-authentication.js';

export interface FormFieldInput {
  placeholder: string;
  defaultValue: string;
  editable: FlagInput;
}

export interface RoleSignerInput {
  signerTitle: string;
  name: string;
  email: string;
  countryCode?: number;
  phoneNumber?: string;
  privateNote?: string;
  language?: Language;
  formFields?: FormFieldInput[];
  authentication?: AuthenticationInput;
}

export interface RoleObserverInput {
  observerTitle: string;
  name: string;
  email: string;
  language?: Language;
}

/** The seed's create-from-template body (docs/concepts/envelopes.md). */
export interface CreateEnvelopeFromTemplateRequest {
  templateId: string;
  envelope: EnvelopeInput;
  signers: RoleSignerInput[];
  observers: RoleObserverInput[];
}

const assertActive = (template: AccountTemplate) => {
  if (template.status !== 'Active') throw new AppError('TEMPLATE_INACTIVE', `Template ${template.id} is inactive; activate it first.`);
};

/** The role's fields with the request's `form_fields` defaults applied, by placeholder. */
const fillFormFields = (role: SignerRole, signer: RoleSignerInput, path: string, problems: Problem[]): FieldInput[] => {
  const fields = (role.fields ?? []).map((field) => ({ ...field }));
  signer.formFields?.forEach((formField, j) => {
    const field = fields.find((f) => f.placeholder === formField.placeholder);
    if (!field) {
      problems.push({
        code: 'FORM_FIELD_NOT_FOUND',
        message: `The role "${role.signer_title}" has no field "${formField.placeholder}".`,
        field: `${path}.form_fields[${j}].placeholder`,
      });
      return;
    }
    field.default_value = formField.defaultValue;
    field.editable = formField.editable;
  });
  return fields;
};

/** Why a signer cannot fill the role its title names, if it cannot. */
const titleProblem = (title: string, role: SignerRole | undefined, filled: ReadonlySet<string>, field: string): Problem | undefined => {
  if (!title) return { code: 'SIGNER_TITLE_IS_REQUIRED', message: 'Every signer needs the signer_title of a template role.', field };
  if (!role) return { code: 'SIGNER_TITLE_NOT_FOUND', message: `The template has no signer role "${title}".`, field };
  if (filled.has(title)) return { code: 'DUPLICATE_SIGNER_TITLE', message: `The signer role "${title}" is filled twice.`, field };
  return undefined;
};

/**
 * Every signer role filled exactly once, each signer taking its role's order and fields. A signer
 * that fills no role stays in the list as a person only (no order, no fields), so that its own
 * problems are found too, at its own index.
 */
const fillSignerRoles = (roles: TemplateRoles, signers: readonly RoleSignerInput[], problems: Problem[]): SignerInput[] => {
  const filled = new Set<string>();
  const result: SignerInput[] = [];
  signers.forEach((signer, i) => {
    const path = `recipients.signers[${i}]`;
    const title = signer.signerTitle.trim();
    const role = roles.signers.find((r) => r.signer_title === title);
    const problem = titleProblem(title, role, filled, `${path}.signer_title`);
    const { name, email, countryCode, phoneNumber, privateNote, authentication, language } = signer;
    if (problem || !role) {
      if (problem) problems.push(problem);
      result.push({ name, email, countryCode, phoneNumber, privateNote, authentication, language });
      return;
    }
    filled.add(title);
    result.push({
      name,
      email,
      countryCode,
      phoneNumber,
      privateNote,
      authentication,
      language,
      title,
      signingOrder: role.signing_order,
      fields: fillFormFields(role, signer, path, problems),
    });
  });
  for (const role of roles.signers.filter((r) => !filled.has(r.signer_title))) {
    problems.push({
      code: 'SIGNER_ROLE_MISSING',
      message: `No signer fills the role "${role.signer_title}".`,
      field: 'recipients.signers',
    });
  }
  return result;
};

/** Observers are optional, but the ones given must name an observer role, each once. */
const fillObserverRoles = (roles: TemplateRoles, observers: readonly RoleObserverInput[], problems: Problem[]): ObserverInput[] => {
  const filled = new Set<string>();
  return observers.flatMap(({ observerTitle, ...person }, i) => {
    const field = `recipients.observers[${i}].observer_title`;
    const title = observerTitle.trim();
    if (!roles.observers.some((r) => r.observer_title === title)) {
      problems.push({ code: 'OBSERVER_TITLE_NOT_FOUND', message: `The template has no observer role "${title}".`, field });
      return [];
    }
    if (filled.has(title)) {
      problems.push({ code: 'DUPLICATE_OBSERVER_TITLE', message: `The observer role "${title}" is filled twice.`, field });
      return [];
    }
    filled.add(title);
    return [{ ...person, title }];
  });
};

/**
 * Creates an envelope from a template: its documents (shared by hash), its roles' order and fields,
 * its setting defaults for whatever the request omits (docs/concepts/envelopes.md).
 */
export const createEnvelopeFromTemplate = async (
  ctx: AppContext,
  caller: Caller,
  request: CreateEnvelopeFromTemplateRequest,
  origin: RequestOrigin,
  idempotency?: IdempotentResponse<CreatedEnvelope>,
): Promise<CreatedEnvelope> => {
  const template = await loadTemplate(ctx.db, caller.accountId, request.templateId);
  assertActive(template);
  const problems: Problem[] = [];
  const signers = fillSignerRoles(template.roles, request.signers, problems);
  const observers = fillObserverRoles(template.roles, request.observers, problems);
  const { checked, documents, anchors } = await checkNewEnvelope(
    ctx,
    { envelope: request.envelope, signers, observers },
    {
      documents: () => templateDocuments(ctx.db, template.id),
      template: { id: template.id, defaults: template.settings },
      problems,
      checkOrders: signers.every((signer) => signer.title !== undefined),
    },
  );
  // A template made before its documents kept their anchors had them searched just now: kept for the next envelope.
  const found = documents.flatMap((document, i) =>
    document.anchors === null && anchors[i] ? [{ id: document.id, anchors: anchors[i] }] : [],
  );
  return sendNewEnvelope(
    ctx,
    caller,
    checked,
    documents,
    origin,
    async (trx) => {
      assertActive(await loadTemplate(trx, caller.accountId, template.id));
      for (const document of found) await updateDocument(trx, document.id, { anchors: document.anchors });
    },
    idempotency,
  );
};
