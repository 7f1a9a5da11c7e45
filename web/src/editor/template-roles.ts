import type { ApiData } from '../shared/api-types.js';
import { fromApiField, newKey, toApiField, type EditorField, type StoredField } from './field-model.js';

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

export type TemplateDetail = ApiData<'getTemplate'>;
export type TemplateRoles = TemplateDetail['roles'];
/** A document of a template or draft, with its pages' sizes in points. */
export type TemplateDocument = TemplateDetail['documents'][number];

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

/** A role's title, else its number in words of the page's language (`untitled`). */
export const roleLabel = (role: RoleDraft, index: number, untitled = (number: number) => `Role ${number}`): string =>
  role.title.trim() || untitled(index + 1);
