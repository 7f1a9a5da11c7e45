import { ApiFailure } from '../shared/api-failure.js';

/**
 * The failure with each problem's `field` path put in words a person knows
 * (`recipients.signers[0].fields[1].x` → "Ada, field 2: x"), so the form shows where to look.
 */
export const withFieldNames = (failure: ApiFailure, nameOf: (path: string) => string | null): ApiFailure => {
  const errors = failure.errors.map((error) => {
    const name = error.field ? nameOf(error.field) : null;
    return name ? { ...error, developer_message: `${name}: ${error.developer_message}` } : error;
  });
  const only = errors.length === 1 ? errors[0] : undefined;
  return new ApiFailure(failure.status, only && only.field ? only.developer_message : failure.message, errors);
};

/** Names `<list>[i]...` and `<list>[i].fields[j].key` paths with the given names of the people and their fields. */
export const personPathNamer =
  (list: string, people: readonly { label: string; fields: readonly string[] }[]) =>
  (path: string): string | null => {
    const escaped = list.replace(/[.[\]]/g, (char) => `\\${char}`);
    const match = new RegExp(`^${escaped}\\[(\\d+)\\](?:\\.fields\\[(\\d+)\\])?(?:\\.(.+))?$`).exec(path);
    if (!match) return null;
    const person = people[Number(match[1])];
    if (!person) return null;
    const field = match[2] === undefined ? null : (person.fields[Number(match[2])] ?? `field ${Number(match[2]) + 1}`);
    return [person.label, field, match[3]].filter(Boolean).join(', ');
  };
