import type { TemplateRoles } from '../../editor/template-roles.js';

/**
 * The column mapping check of a bulk send's CSV, before anything is sent: the header read as the
 * service reads it (docs/api/bulk-sending.md "CSV"), so the sender sees which roles the file fills,
 * which columns mean nothing to the template and which are missing. A header the service would
 * refuse, or a missing column that would fail every row alike, is not ready to send.
 */

/** A signer's or observer's own keys as columns (`<title>.<key>`); any other key of a signer role is a field's placeholder. */
const SIGNER_KEYS = ['name', 'email', 'phone_number', 'country_code', 'language'] as const;
const OBSERVER_KEYS = ['name', 'email', 'language'] as const;
export const ENVELOPE_NAME_COLUMN = 'envelope_name';
const METADATA_PREFIX = 'metadata.';

export interface RoleCoverage {
  title: string;
  kind: 'signer' | 'observer';
  /** The header's columns that fill this role, in the header's order. */
  columns: string[];
  /** Columns the role needs that the header lacks. */
  missing: string[];
  /** A signing-group role: its members cannot come from a CSV. */
  group: boolean;
}

export type UnknownReason = 'noRole' | 'noPlaceholder' | 'observerKey';

export interface ColumnCheck {
  roles: RoleCoverage[];
  unknown: { column: string; reason: UnknownReason }[];
  duplicates: string[];
  envelopeName: boolean;
  metadata: string[];
  ready: boolean;
}

type SignerRole = TemplateRoles['signers'][number];

const placeholdersOf = (role: SignerRole): string[] => role.fields.flatMap((field) => (field.placeholder ? [field.placeholder] : []));

/** A witness may be named by the signer they witness, so their address is optional; anyone else is invited by e-mail. */
const requiredKeys = (role: SignerRole): string[] => (role.role === 'witness' ? ['name'] : ['name', 'email']);

/** `<title>.<key>`: the title is everything before the last dot (a title may hold dots, a key may not). */
const split = (column: string): { title: string; key: string } | null => {
  const dot = column.lastIndexOf('.');
  return dot > 0 && dot < column.length - 1 ? { title: column.slice(0, dot), key: column.slice(dot + 1) } : null;
};

export const checkColumns = (header: readonly string[], roles: TemplateRoles): ColumnCheck => {
  const duplicates = [...new Set(header.filter((column, index) => header.indexOf(column) !== index))];
  const unknown: ColumnCheck['unknown'] = [];
  const metadata: string[] = [];
  const byRole = new Map<string, string[]>();
  const take = (key: string, column: string) => byRole.set(key, [...(byRole.get(key) ?? []), column]);

  for (const column of new Set(header)) {
    if (column === ENVELOPE_NAME_COLUMN) continue;
    if (column.startsWith(METADATA_PREFIX) && column.length > METADATA_PREFIX.length) {
      metadata.push(column.slice(METADATA_PREFIX.length));
      continue;
    }
    const parts = split(column);
    const signer = parts && roles.signers.find((role) => role.signer_title === parts.title);
    if (parts && signer) {
      if ((SIGNER_KEYS as readonly string[]).includes(parts.key) || placeholdersOf(signer).includes(parts.key))
        take(`s:${parts.title}`, column);
      else unknown.push({ column, reason: 'noPlaceholder' });
      continue;
    }
    if (parts && roles.observers.some((role) => role.observer_title === parts.title)) {
      if ((OBSERVER_KEYS as readonly string[]).includes(parts.key)) take(`o:${parts.title}`, column);
      else unknown.push({ column, reason: 'observerKey' });
      continue;
    }
    unknown.push({ column, reason: 'noRole' });
  }

  const coverage: RoleCoverage[] = [
    ...roles.signers.map((role): RoleCoverage => {
      const columns = byRole.get(`s:${role.signer_title}`) ?? [];
      const group = Boolean(role.group);
      const missing = group ? [] : requiredKeys(role).map((key) => `${role.signer_title}.${key}`);
      return { title: role.signer_title, kind: 'signer', columns, missing: missing.filter((c) => !columns.includes(c)), group };
    }),
    ...roles.observers.map((role): RoleCoverage => {
      const columns = byRole.get(`o:${role.observer_title}`) ?? [];
      // An observer is optional: only a half-filled one (a name without an address, say) is missing something.
      const missing = columns.length ? ['name', 'email'].map((key) => `${role.observer_title}.${key}`) : [];
      return { title: role.observer_title, kind: 'observer', columns, missing: missing.filter((c) => !columns.includes(c)), group: false };
    }),
  ];

  return {
    roles: coverage,
    unknown,
    duplicates,
    envelopeName: header.includes(ENVELOPE_NAME_COLUMN),
    metadata,
    ready: unknown.length === 0 && duplicates.length === 0 && coverage.every((role) => !role.group && role.missing.length === 0),
  };
};

/** The columns a file for this template starts from: every role's name and address, every placeholder, the envelope's name. */
export const templateColumns = (roles: TemplateRoles): string[] => [
  ...roles.signers
    .filter((role) => !role.group)
    .flatMap((role) => ['name', 'email', ...placeholdersOf(role)].map((key) => `${role.signer_title}.${key}`)),
  ...roles.observers.flatMap((role) => [`${role.observer_title}.name`, `${role.observer_title}.email`]),
  ENVELOPE_NAME_COLUMN,
];
