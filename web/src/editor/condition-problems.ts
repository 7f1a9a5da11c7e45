import { conditionProblems } from '../../../src/domain/field-conditions.js';
import type { EditorField } from './field-model.js';

export type ConditionProblemCode = 'DUPLICATE_FIELD_NAME' | 'UNKNOWN_CONDITION_FIELD' | 'CONDITION_CYCLE';

/**
 * The problems the service would answer about the fields' names and conditions, found before
 * sending by the same rules (src/domain/field-conditions.ts), keyed by the field they concern.
 */
export const fieldConditionProblems = (fields: readonly EditorField[]): Map<string, ConditionProblemCode[]> => {
  const problems = conditionProblems(fields.map((field) => ({ name: field.name.trim() || null, showIf: field.showIf, path: field.key })));
  const byField = new Map<string, ConditionProblemCode[]>();
  for (const problem of problems) {
    const key = problem.field?.split('.')[0];
    if (!key) continue;
    byField.set(key, [...(byField.get(key) ?? []), problem.code as ConditionProblemCode]);
  }
  return byField;
};

/** The named fields others' conditions may refer to, with what can be chosen as their value. */
export interface NamedField {
  key: string;
  name: string;
  type: EditorField['type'];
  options: readonly string[];
}

export const namedFields = (fields: readonly EditorField[]): NamedField[] =>
  fields.flatMap((field) =>
    field.name.trim() ? [{ key: field.key, name: field.name.trim(), type: field.type, options: field.options.filter(Boolean) }] : [],
  );
