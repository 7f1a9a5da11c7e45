import type { Problem } from '../../domain/app-error.js';
import { conditionProblems } from '../../domain/field-conditions.js';
import type { SignerReference } from '../../domain/form-field-map.js';
import { isSignerRole, signsDocuments } from '../../domain/signer-role.js';
import type { FieldInput } from '../envelopes/new-envelope.js';
import { describeOrigin, type DocumentField, type DocumentFieldOrigin, type FieldsBrought } from './document-fields.js';

/** A signer entry (or a template's signer role) as fields a document brings name it. */
export interface AssignableEntry {
  /** Its signer_title: an envelope signer's template role, a template role's own. */
  title?: string;
  /** Its person's address; empty for a group entry or a template role. */
  email?: string;
  role?: string;
  fields?: FieldInput[];
}

/** Fields brought by the documents, assigned to entries and merged after the request's own, with the way back from their problems. */
export interface AssignedDocumentFields<E extends AssignableEntry> {
  /** Each entry with the fields the documents gave it after its own, in document order. */
  entries: E[];
  problems: Problem[];
  /**
   * The problems of the merged entries' fields (placement, rules, placeholders) as the request
   * reads them: a brought field's problem names its document and the form field or tag it came
   * from, instead of a `fields[n]` the request does not have.
   */
  relocate(problems: readonly Problem[]): Problem[];
}

/** What a resolved reference found: an entry's index, or why none. */
type Resolution = { index: number } | { missing: string };

const resolveReference = (entries: readonly AssignableEntry[], reference: SignerReference): Resolution => {
  const count = `the request has ${entries.length} signer${entries.length === 1 ? '' : 's'}`;
  if (typeof reference === 'number') {
    return Number.isInteger(reference) && reference >= 1 && reference <= entries.length
      ? { index: reference - 1 }
      : { missing: `signer ${reference} does not exist: ${count} (observers are not counted)` };
  }
  const text = reference.trim();
  const byTitle = entries.findIndex((entry) => entry.title !== undefined && entry.title === text);
  if (byTitle >= 0) return { index: byTitle };
  const byEmail = entries.findIndex((entry) => !!entry.email && entry.email.toLowerCase() === text.toLowerCase());
  if (byEmail >= 0) return { index: byEmail };
  if (/^[0-9]+$/.test(text)) return resolveReference(entries, Number(text));
  return { missing: `no signer has the signer_title (or e-mail) "${text}"` };
};

const signsNothing = (entry: AssignableEntry): string | undefined => {
  const role = entry.role ?? 'signer';
  return isSignerRole(role) && !signsDocuments(role) ? role : undefined;
};

/** A brought field as the request would have given it, on its document. */
const toFieldInput = (field: DocumentField, document: number, placeholder: string | null): FieldInput => ({
  type: field.type,
  document,
  page: field.page,
  x: field.x,
  y: field.y,
  width: field.width,
  height: field.height,
  ...(field.required !== undefined ? { required: field.required } : {}),
  ...(field.editable !== undefined ? { editable: field.editable } : {}),
  ...(placeholder !== null ? { placeholder } : {}),
  ...(field.defaultValue !== null ? { default_value: field.defaultValue } : {}),
  ...(field.options !== null ? { options: field.options } : {}),
  ...(field.name !== null ? { name: field.name } : {}),
});

const mapProblems = (entries: readonly AssignableEntry[], brought: FieldsBrought): Problem[] =>
  Object.entries(brought.formFieldMap ?? {}).flatMap(([key, reference]) => {
    const found = resolveReference(entries, reference);
    return 'missing' in found
      ? [
          {
            code: 'SIGNER_TITLE_NOT_FOUND' as const,
            message: `form_field_map "${key}": ${found.missing}.`,
            field: `${brought.path}.form_field_map[${JSON.stringify(key)}]`,
          },
        ]
      : [];
  });

/**
 * Assigns the fields documents bring to the entries they name: a signer_title (a template role's
 * title; an envelope signer's role title or, as `witness_for` reads it, e-mail) or a 1-based position
 * among the signer entries (observers are not counted; a signing group's entry is one position and
 * each member gets a copy, as with its own fields). Unassigned form fields are FORM_FIELD_UNASSIGNED,
 * every one named; a name naming nobody is SIGNER_TITLE_NOT_FOUND in a form_field_map and
 * INVALID_TEXT_TAG in a tag; an approver or viewer given a field is FIELDS_NOT_ALLOWED.
 */
export const assignDocumentFields = <E extends AssignableEntry>(
  entries: readonly E[],
  documents: readonly { brought?: FieldsBrought }[],
  entriesPath: string,
): AssignedDocumentFields<E> => {
  const problems: Problem[] = [];
  const added: FieldInput[][] = entries.map(() => []);
  const origins: { path: string; origin: DocumentFieldOrigin }[][] = entries.map(() => []);
  const used: Map<string, number>[] = entries.map(() => new Map());
  documents.forEach((document, d) => {
    const brought = document.brought;
    if (!brought) return;
    problems.push(...mapProblems(entries, brought));
    const unassigned = new Set<string>();
    for (const field of brought.fields) {
      const describe = describeOrigin(field.origin);
      if (field.signer === null) {
        if (field.origin.kind === 'form_field') unassigned.add(field.origin.name);
        else problems.push({ code: 'INVALID_TEXT_TAG', message: `${describe} names no signer.`, field: brought.path });
        continue;
      }
      const found = resolveReference(entries, field.signer);
      if ('missing' in found) {
        // A form_field_map naming nobody is answered once, at its key (mapProblems).
        if (field.origin.kind === 'text_tag') {
          problems.push({ code: 'INVALID_TEXT_TAG', message: `${describe}: ${found.missing}.`, field: brought.path });
        }
        continue;
      }
      const role = signsNothing(entries[found.index]!);
      if (role) {
        problems.push({
          code: 'FIELDS_NOT_ALLOWED',
          message: `${describe} is assigned to an entry whose role, ${role}, fills no field.`,
          field: brought.path,
        });
        continue;
      }
      // A form field drawn in several places is one field per place, named as anchors' occurrences are: name, name_2, …
      const count = field.placeholder === null ? 0 : (used[found.index]!.get(field.placeholder) ?? 0) + 1;
      if (field.placeholder !== null) used[found.index]!.set(field.placeholder, count);
      const placeholder = count > 1 ? `${field.placeholder}_${count}` : field.placeholder;
      added[found.index]!.push(toFieldInput(field, d + 1, placeholder));
      origins[found.index]!.push({ path: brought.path, origin: field.origin });
    }
    for (const name of unassigned) {
      problems.push({
        code: 'FORM_FIELD_UNASSIGNED',
        message: `The form field "${name}" is assigned to no signer: name it, or a prefix of it ending in *, in form_field_map.`,
        field: `${brought.path}.form_field_map`,
      });
    }
  });
  const ownCounts = entries.map((entry) => entry.fields?.length ?? 0);
  const merged = entries.map((entry, i) => (added[i]!.length ? { ...entry, fields: [...(entry.fields ?? []), ...added[i]!] } : entry));
  const fieldPattern = new RegExp(`^${entriesPath.replace(/[.[\]]/g, '\\$&')}\\[(\\d+)\\]\\.fields\\[(\\d+)\\]`);
  const relocate = (found: readonly Problem[]): Problem[] =>
    found.map((problem) => {
      const match = problem.field ? fieldPattern.exec(problem.field) : null;
      if (!match) return problem;
      const entry = Number(match[1]);
      const brought = origins[entry]?.[Number(match[2]) - ownCounts[entry]!];
      if (!brought) return problem;
      return { code: problem.code, message: `${describeOrigin(brought.origin)}: ${problem.message}`, field: brought.path };
    });
  // Names (text tags' among them) are unique per envelope, and a condition may name any field, the documents' too.
  const named = merged.flatMap((entry, i) =>
    (entry.fields ?? []).map((field, j) => ({ name: field.name, showIf: field.show_if, path: `${entriesPath}[${i}].fields[${j}]` })),
  );
  return { entries: merged, problems: [...problems, ...relocate(conditionProblems(named))], relocate };
};
