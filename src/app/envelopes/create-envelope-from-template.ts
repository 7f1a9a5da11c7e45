import { AppError, type Problem } from '../../domain/app-error.js';
import type { Language } from '../../domain/language.js';
import { updateDocument } from '../../infra/db/tables/documents-table.js';
import type { AppContext, Caller } from '../context.js';
import type { IdempotentResponse } from '../idempotency/idempotency-keys.js';
import { loadTemplate, templateDocuments, type AccountTemplate, type TemplateDocument } from '../templates/load-template.js';
import type { SignerRole, TemplateRoles } from '../templates/template-roles.js';
import { checkNewEnvelope, sendNewEnvelope, type CreatedEnvelope, type WithinCreation } from './envelope-creation.js';
import type {
  EnvelopeInput,
  FieldInput,
  FlagInput,
  GroupInput,
  ObserverInput,
  PersonInput,
  RequestOrigin,
  SignerInput,
} from './new-envelope.js';
import type { AuthenticationInput } from './signer-authentication.js';

export interface FormFieldInput {
  placeholder: string;
  defaultValue: string;
  editable: FlagInput;
}

export interface RoleSignerInput {
  signerTitle: string;
  /** Absent for a group role; a witness role's may be absent too (named at signing). */
  name?: string;
  email?: string;
  /** A group role's members. */
  groupMembers?: PersonInput[];
  /** The person keys a group role's entry was given, which it must not have. */
  personKeys?: string[];
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

export const assertTemplateActive = (template: AccountTemplate) => {
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

/** A group role filled with the request's members; a problem when the role and the entry disagree about being a group. */
const groupOfRole = (role: SignerRole, signer: RoleSignerInput, path: string, problems: Problem[]): GroupInput | undefined => {
  if (!role.group) {
    if (signer.groupMembers) {
      problems.push({
        code: 'INVALID_SIGNING_GROUP',
        message: `The role "${role.signer_title}" is not a signing group: give name and email.`,
        field: `${path}.group`,
      });
    }
    return undefined;
  }
  if (!signer.groupMembers) {
    problems.push({
      code: 'INVALID_SIGNING_GROUP',
      message: `The role "${role.signer_title}" is a signing group: name its members in group.members.`,
      field: `${path}.group`,
    });
    return undefined;
  }
  const { size } = role.group;
  if (size !== undefined && signer.groupMembers.length !== size) {
    problems.push({
      code: 'INVALID_SIGNING_GROUP',
      message: `The signing group "${role.group.name ?? role.signer_title}" has ${size} members; ${signer.groupMembers.length} were named.`,
      field: `${path}.group.members`,
    });
  }
  return { name: role.group.name ?? role.signer_title, required: role.group.required, members: signer.groupMembers };
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
    const { name, countryCode, phoneNumber, privateNote, authentication, language } = signer;
    const person = { name, email: signer.email ?? '', countryCode, phoneNumber, privateNote, authentication, language };
    if (problem || !role) {
      if (problem) problems.push(problem);
      result.push(person);
      return;
    }
    filled.add(title);
    const group = groupOfRole(role, signer, path, problems);
    result.push({
      ...person,
      title,
      // A witness's order is the witnessed role's.
      signingOrder: role.role === 'witness' ? undefined : role.signing_order,
      fields: fillFormFields(role, signer, path, problems),
      role: role.role,
      hostEmail: role.host_email,
      witnessFor: role.witness_for,
      ...(group ? { group, personKeys: signer.personKeys } : {}),
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

/** A public link's use of the template path (src/app/public-links/use-public-link.ts). */
export interface PublicLinkUse {
  /** The use counted and the code spent, in the creation's transaction. */
  withinCreation: WithinCreation;
  /** The visitor, whose link is answered to them rather than mailed. */
  uninvited: readonly string[];
}

/** A bulk send's row made into its envelope (src/app/bulk-sends/run-bulk-send.ts). */
export interface BulkRowUse {
  bulkSendId: string;
  /** The row marked created with the envelope's id, in the creation's transaction. */
  withinCreation: WithinCreation;
}

/**
 * A create-from-template request checked in full against its template, nothing stored: what
 * create_with_template answers with, and what a bulk send checks each of its rows with before any is created.
 */
export const checkEnvelopeFromTemplate = async (
  ctx: AppContext,
  accountId: string,
  template: AccountTemplate,
  request: Omit<CreateEnvelopeFromTemplateRequest, 'templateId'>,
  documents: () => Promise<TemplateDocument[]>,
) => {
  const problems: Problem[] = [];
  const signers = fillSignerRoles(template.roles, request.signers, problems);
  const observers = fillObserverRoles(template.roles, request.observers, problems);
  return checkNewEnvelope(
    ctx,
    { envelope: request.envelope, signers, observers },
    {
      accountId,
      documents,
      template: { id: template.id, defaults: template.settings },
      problems,
      checkOrders: signers.every((signer) => signer.title !== undefined),
    },
  );
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
  publicLinkUse?: PublicLinkUse,
  bulkRow?: BulkRowUse,
): Promise<CreatedEnvelope> => {
  const template = await loadTemplate(ctx.db, caller.accountId, request.templateId);
  assertTemplateActive(template);
  const { checked, documents, anchors } = await checkEnvelopeFromTemplate(ctx, caller.accountId, template, request, () =>
    templateDocuments(ctx.db, template.id),
  );
  // A template made before its documents kept their anchors had them searched just now: kept for the next envelope.
  const found = documents.flatMap((document, i) =>
    document.anchors === null && anchors[i] ? [{ id: document.id, anchors: anchors[i] }] : [],
  );
  return sendNewEnvelope(
    ctx,
    caller,
    {
      ...checked,
      ...(publicLinkUse ? { uninvited: publicLinkUse.uninvited } : {}),
      ...(bulkRow ? { bulkSendId: bulkRow.bulkSendId } : {}),
    },
    documents,
    origin,
    async (trx, envelopeId) => {
      assertTemplateActive(await loadTemplate(trx, caller.accountId, template.id));
      for (const document of found) await updateDocument(trx, document.id, { anchors: document.anchors });
      await publicLinkUse?.withinCreation(trx, envelopeId);
      await bulkRow?.withinCreation(trx, envelopeId);
    },
    idempotency,
  );
};
