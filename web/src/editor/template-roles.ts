import { isSignerRole, signsDocuments, type SignerRole } from '../../../src/domain/signer-role.js';
import type { ApiData } from '../shared/api-types.js';
import { fromApiField, newKey, toApiField, type EditorField, type StoredField } from './field-model.js';

export interface RoleDraft {
  key: string;
  title: string;
  order: number;
  /** Anchored fields: not drawn (their place depends on the text), saved back as they were. */
  kept: StoredField[];
  role: SignerRole;
  /** in_person: the account user who hosts the signing. */
  hostEmail: string;
  /** witness: the key of the role witnessed. */
  witnessFor: string;
  /** A signing-group role: its members are named when an envelope is sent from the template. */
  group: { required: number } | null;
}

/** The workflow settings a template role carries besides its title, order and fields (docs/api/workflows.md). */
interface RoleWorkflow {
  role?: string | null;
  host_email?: string | null;
  witness_for?: string | null;
  group?: { required?: number | null } | null;
}

/** Approvers and viewers take no fields; a group's members sign. */
export const roleTakesFields = (role: RoleDraft): boolean => role.group !== null || signsDocuments(role.role);

export interface ObserverRoleDraft {
  key: string;
  title: string;
}

export type TemplateDetail = ApiData<'getTemplate'>;
export type TemplateRoles = TemplateDetail['roles'];
/** A document of a template or draft, with its pages' sizes in points. */
export type TemplateDocument = TemplateDetail['documents'][number];

/** A template's roles as the editor holds them: the roles, and every drawable field keyed to its role. */
export const rolesFromTemplate = (roles: TemplateRoles): { roles: RoleDraft[]; observers: ObserverRoleDraft[]; fields: EditorField[] } => {
  const drafts: RoleDraft[] = roles.signers.map((role) => {
    const workflow = role as RoleWorkflow;
    return {
      key: newKey(),
      title: role.signer_title,
      order: role.signing_order,
      kept: [] as StoredField[],
      role: isSignerRole(workflow.role) ? workflow.role : 'signer',
      hostEmail: workflow.host_email ?? '',
      witnessFor: workflow.witness_for ?? '',
      group: workflow.group ? { required: workflow.group.required ?? 1 } : null,
    };
  });
  // A witness names the role it witnesses by title; the editor holds the role's key.
  for (const draft of drafts) {
    if (draft.role === 'witness') draft.witnessFor = drafts.find((other) => other.title === draft.witnessFor)?.key ?? '';
  }
  const fields = roles.signers.flatMap((role, index) => {
    const draft = drafts[index]!;
    return role.fields.flatMap((field) => {
      const editable = field.anchor === undefined ? fromApiField(field, draft.key) : null;
      if (!editable) draft.kept.push(field);
      return editable ? [editable] : [];
    });
  });
  return { roles: drafts, observers: roles.observers.map((role) => ({ key: newKey(), title: role.observer_title })), fields };
};

/** The `roles` body of PUT /templates/{id}, POST /templates/create… and the builder's save. */
export const rolesBody = (roles: readonly RoleDraft[], observers: readonly ObserverRoleDraft[], fields: readonly EditorField[]) => ({
  signers: roles.map((role) => ({
    signer_title: role.title.trim(),
    signing_order: role.order,
    ...roleWorkflowBody(role, roles),
    fields: [...fields.filter((field) => field.signer === role.key).map(toApiField), ...role.kept],
  })),
  observers: observers.map((observer) => ({ observer_title: observer.title.trim() })),
});

const roleWorkflowBody = (role: RoleDraft, roles: readonly RoleDraft[]): RoleWorkflow => {
  if (role.group) return { group: { required: role.group.required } };
  if (role.role === 'signer') return {};
  const witnessed = roles.find((other) => other.key === role.witnessFor);
  return {
    role: role.role,
    ...(role.role === 'in_person' && role.hostEmail ? { host_email: role.hostEmail } : {}),
    ...(role.role === 'witness' && witnessed ? { witness_for: witnessed.title.trim() } : {}),
  };
};

/** A role's title, else its number in words of the page's language (`untitled`). */
export const roleLabel = (role: RoleDraft, index: number, untitled = (number: number) => `Role ${number}`): string =>
  role.title.trim() || untitled(index + 1);
