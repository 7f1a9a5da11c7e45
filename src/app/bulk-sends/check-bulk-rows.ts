import { setImmediate as nextTurn } from 'node:timers/promises';
import { AppError, type Problem } from '../../domain/app-error.js';
import { BULK_SEND_LIMITS } from '../../domain/bulk-send.js';
import type { AppContext } from '../context.js';
import { checkEnvelopeFromTemplate } from '../envelopes/create-envelope-from-template.js';
import type { EnvelopeInput } from '../envelopes/new-envelope.js';
import type { AccountTemplate, TemplateDocument } from '../templates/load-template.js';
import type { BulkEnvelopeInput, BulkRowInput, SubmittedRow } from './bulk-send-request.js';

/** Rows checked between two turns of the event loop: a 10,000-row check never holds up other requests for long. */
const ROWS_PER_TURN = 20;

/** A checked row: ready to be created, or refused with its problems (fields already where the caller sent them). */
export type CheckedRow = { position: number; input: BulkRowInput } | { position: number; problems: Problem[] };

/** The settings every row's envelope gets, named: a row without a name of its own takes the send's, else the template's. */
export type NamedBulkEnvelope = BulkEnvelopeInput & { name: string };

/** The envelope a row asks for: the send's settings, the row's name (else the send's) and metadata. */
export const rowEnvelope = (envelope: NamedBulkEnvelope, row: BulkRowInput): EnvelopeInput => ({
  ...envelope,
  name: row.envelopeName ?? envelope.name,
  metadata: row.metadata ?? {},
});

/** A row's problems pointing where the caller sent them (a message quoting the path quotes the new one). */
const located = (problems: readonly Problem[], position: number, fieldOf: (position: number, field: string) => string): Problem[] =>
  problems.slice(0, BULK_SEND_LIMITS.maxProblemsPerRow).map(({ code, message, field }) => {
    const where = field ? fieldOf(position, field) : undefined;
    return {
      code,
      message: field && where ? message.replaceAll(`"${field}"`, `"${where}"`) : message,
      ...(where ? { field: where } : {}),
      row: position,
    };
  });

/**
 * Every row checked against the template as create_with_template checks its request, nothing
 * stored: the template's documents are read once, and anchors found for the first row serve the rest.
 */
export const checkBulkRows = async (
  ctx: AppContext,
  accountId: string,
  template: AccountTemplate,
  documents: TemplateDocument[],
  envelope: NamedBulkEnvelope,
  rows: readonly SubmittedRow[],
  fieldOf: (position: number, field: string) => string,
): Promise<CheckedRow[]> => {
  let known = documents;
  const checked: CheckedRow[] = [];
  for (const [index, row] of rows.entries()) {
    const position = index + 1;
    if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
    if ('problems' in row) {
      checked.push({ position, problems: located(row.problems, position, fieldOf) });
      continue;
    }
    try {
      const { documents: read, anchors } = await checkEnvelopeFromTemplate(
        ctx,
        accountId,
        template,
        { envelope: rowEnvelope(envelope, row.input), signers: row.input.signers, observers: row.input.observers },
        async () => known,
      );
      known = read.map((document, i) => (document.anchors === null && anchors[i] ? { ...document, anchors: anchors[i] } : document));
      checked.push({ position, input: row.input });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      checked.push({ position, problems: located(error.problems, position, fieldOf) });
    }
  }
  return checked;
};
