import type { Problem } from './app-error.js';

/**
 * Conditional fields (docs/api/workflows.md): a field with `show_if` is shown only while the named
 * field (of any signer of the envelope) has the given value, and that field is shown itself. A
 * hidden field is neither required nor stamped. The signing page imports this module too, so the
 * page and the server always agree on what is shown.
 */
export interface ShowIf {
  field: string;
  equals: string | boolean;
}

export interface ConditionalField {
  id: string;
  name: string | null;
  showIf: ShowIf | null;
}

/** A condition's `equals` as the stored value it is compared with: checkboxes store "true"/"false". */
const expected = (equals: string | boolean): string => (typeof equals === 'boolean' ? String(equals) : equals);

/**
 * The ids of the fields hidden by their conditions, given every field's current value (the value
 * submitted or stored, else its default; a checkbox without a value reads "false").
 */
export const hiddenFieldIds = (fields: readonly ConditionalField[], valueOf: (fieldId: string) => string | null): Set<string> => {
  const byName = new Map(fields.flatMap((field) => (field.name ? [[field.name, field] as const] : [])));
  const shown = new Map<string, boolean>();
  const isShown = (field: ConditionalField, depth: number): boolean => {
    const known = shown.get(field.id);
    if (known !== undefined) return known;
    let visible = true;
    if (field.showIf) {
      const source = byName.get(field.showIf.field);
      // Creation refuses unknown sources and cycles; the depth bound keeps a stored cycle from looping.
      visible =
        source !== undefined && depth < fields.length && isShown(source, depth + 1) && valueOf(source.id) === expected(field.showIf.equals);
    }
    shown.set(field.id, visible);
    return visible;
  };
  return new Set(fields.filter((field) => !isShown(field, 0)).map((field) => field.id));
};

/** A field of a creation request, with the JSON path its problems name. */
export interface RequestedConditionalField {
  name?: string | null;
  showIf?: ShowIf | null;
  path: string;
}

/**
 * DUPLICATE_FIELD_NAME (names are unique per envelope), UNKNOWN_CONDITION_FIELD (a condition on a
 * name no field has) and CONDITION_CYCLE (fields whose conditions lead back to themselves).
 */
export const conditionProblems = (fields: readonly RequestedConditionalField[]): Problem[] => {
  const problems: Problem[] = [];
  const byName = new Map<string, RequestedConditionalField>();
  for (const field of fields) {
    if (!field.name) continue;
    if (byName.has(field.name)) {
      problems.push({
        code: 'DUPLICATE_FIELD_NAME',
        message: `The field name "${field.name}" is already used in this envelope.`,
        field: `${field.path}.name`,
      });
    } else byName.set(field.name, field);
  }
  for (const field of fields) {
    if (field.showIf && !byName.has(field.showIf.field)) {
      problems.push({
        code: 'UNKNOWN_CONDITION_FIELD',
        message: `show_if names "${field.showIf.field}", which no field of this envelope is called.`,
        field: `${field.path}.show_if.field`,
      });
    }
  }
  for (const field of fields) {
    if (!field.showIf || !field.name) continue;
    const seen = new Set<string>([field.name]);
    let next = byName.get(field.showIf.field);
    while (next?.showIf) {
      if (next.name && seen.has(next.name)) {
        if (next.name === field.name) {
          problems.push({
            code: 'CONDITION_CYCLE',
            message: `The conditions of "${field.name}" lead back to it.`,
            field: `${field.path}.show_if`,
          });
        }
        break;
      }
      if (next.name) seen.add(next.name);
      next = byName.get(next.showIf.field);
    }
  }
  return problems;
};
