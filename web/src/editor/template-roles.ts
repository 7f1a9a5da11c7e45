import { fromApiField, newKey, toApiField, type ApiField, type EditorField } from './field-model.js';

/** A field as a template or draft holds it: coordinates, or an anchor the editor cannot draw. */
export type StoredField = Partial<ApiField> & { type: string; anchor?: unknown };

export interface RoleDraft {
  key: string;
  title: string;
  order: number;
  /** Anchored fields: not drawn (their place depends on the text), saved back as they were. */
  kept: StoredField[];
}

export interface ObserverRoleDraft {
  key: string;
  title: string;
}

export interface TemplateRoles {
  signers: { signer_title: string; signing_order: number; fields: StoredField[] }[];
  observers: { observer_title: string }[];
}

/** A document of a template or draft, with its pages' sizes in points. */
export interface TemplateDocument {
  document_id: string;
  name: string;
  page_count: number;
  page_sizes: { width: number; height: number }[];
}

export interface TemplateDetail {
  template_id: string;
  name: string;
  description: string | null;
  status: 'Active' | 'Inactive';
  roles: TemplateRoles;
  documents: TemplateDocument[];
}

/** A template's roles as the editor holds them: the roles, and every drawable field keyed to its role. */
export const rolesFromTemplate = (roles: TemplateRoles): { roles: RoleDraft[]; observers: ObserverRoleDraft[]; fields: EditorField[] } => {
  const drafts = roles.signers.map((role) => ({
    key: newKey(),
    title: role.signer_title,
    order: role.signing_order,
    kept: [] as StoredField[],
  }));
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
    fields: [...fields.filter((field) => field.signer === role.key).map(toApiField), ...role.kept],
  })),
  observers: observers.map((observer) => ({ observer_title: observer.title.trim() })),
});

export const roleLabel = (role: RoleDraft, index: number): string => role.title.trim() || `Role ${index + 1}`;
