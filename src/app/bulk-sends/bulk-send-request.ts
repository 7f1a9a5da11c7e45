import type { Problem } from '../../domain/app-error.js';
import type { RoleObserverInput, RoleSignerInput } from '../envelopes/create-envelope-from-template.js';
import type { EnvelopeInput } from '../envelopes/new-envelope.js';
import type { CsvRow } from './csv-rows.js';

/** The settings every row's envelope gets; the name is a row's own, else this one, else the template's. */
export type BulkEnvelopeInput = Omit<EnvelopeInput, 'name' | 'metadata'> & { name?: string };

/** One row: the recipients of a create_with_template request, and what sets its envelope apart. */
export interface BulkRowInput {
  signers: RoleSignerInput[];
  observers: RoleObserverInput[];
  envelopeName?: string;
  metadata?: Record<string, string>;
}

/** A row as the request brings it: usable, or already refused by its shape (its problems, paths relative to the row). */
export type SubmittedRow = { input: BulkRowInput } | { problems: Problem[] };

/**
 * Where the rows come from: the JSON body's `rows`, or a CSV whose rows become JSON rows once the
 * template's roles are known, then checked like the body's by `toRow` (the request's own schema).
 */
export type BulkRowsSource =
  { kind: 'rows'; rows: SubmittedRow[] } | { kind: 'csv'; bytes: Uint8Array; toRow: (row: CsvRow) => SubmittedRow };

/** `POST /bulk_sends` (docs/api/bulk-sending.md), from a JSON body or a CSV. */
export interface BulkSendRequest {
  templateId: string;
  envelope: BulkEnvelopeInput;
  source: BulkRowsSource;
  /** Create nothing unless every row is valid. */
  allOrNothing: boolean;
}
