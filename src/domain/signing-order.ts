import { AppError, type Problem } from './app-error.js';
import { isPending, type RecipientStatus } from './recipient-state.js';

export type SignProcessFlow = 'Sequential' | 'Parallel' | 'Hybrid';

export const SIGN_PROCESS_FLOWS: readonly SignProcessFlow[] = ['Sequential', 'Parallel', 'Hybrid'];

/** `sign_process_flow` is matched case-insensitively; absent means Parallel. */
export const parseFlow = (value: unknown, field = 'envelope.sign_process_flow'): SignProcessFlow => {
  if (value === undefined || value === null) return 'Parallel';
  const flow =
    typeof value === 'string' ? SIGN_PROCESS_FLOWS.find((candidate) => candidate.toLowerCase() === value.trim().toLowerCase()) : undefined;
  if (!flow) {
    throw new AppError('INVALID_SIGN_PROCESS_FLOW', `sign_process_flow must be one of ${SIGN_PROCESS_FLOWS.join(', ')}.`, { field });
  }
  return flow;
};

/** A signer entry as its signing order is decided: a witness's follows the entry it witnesses. */
export interface OrderedEntry {
  signingOrder?: unknown;
  role?: string;
  /** A witness's witnessed entry (its index), when it was found. */
  witnessOf?: number | null;
}

/**
 * The signing order of each signer entry, in the order given.
 *
 * - `signing_order` must be an integer ≥ 1 in every flow when present (a boolean is refused:
 *   the original listing typed it as one).
 * - Parallel ignores it: given orders are kept as written, absent ones read 1.
 * - Sequential and Hybrid: either every signer gives an order or none does; none means the
 *   listed order 1..n (for Hybrid too, so omitting orders never silently turns it parallel).
 * - Sequential orders must be distinct. Gaps (1, 3, 7) are allowed: only the relative order
 *   matters, and templates whose roles were removed keep working.
 * - Hybrid: equal orders form a group that signs in parallel.
 * - A witness shares the order of the signer they witness (their turn opens once that signer is
 *   done), so the rules above ignore witnesses; a witness may give that order, or none.
 */
export const normalizeSigningOrders = (flow: SignProcessFlow, signers: readonly OrderedEntry[], path = 'recipients.signers'): number[] => {
  const fieldOf = (index: number) => `${path}[${index}].signing_order`;
  const problems: Problem[] = signers.flatMap(({ signingOrder }, index) =>
    signingOrder === undefined || isValidOrder(signingOrder)
      ? []
      : [invalidOrder('signing_order must be an integer of at least 1.', fieldOf(index))],
  );
  const ordered = signers.flatMap((signer, index) => (signer.role === 'witness' ? [] : [{ ...signer, index }]));
  if (problems.length === 0 && flow !== 'Parallel') problems.push(...orderedFlowProblems(flow, ordered, (i) => fieldOf(ordered[i]!.index)));
  if (problems.length > 0) throw AppError.of(problems, 'Invalid signing orders.');

  const everyOrderOmitted = ordered.every(({ signingOrder }) => signingOrder === undefined);
  const orders = new Map(
    ordered.map(({ signingOrder, index }, position) => [
      index,
      flow !== 'Parallel' && everyOrderOmitted ? position + 1 : signingOrder === undefined ? 1 : (signingOrder as number),
    ]),
  );
  const result = signers.map((signer, index) =>
    signer.role === 'witness' ? (orders.get(signer.witnessOf ?? -1) ?? 1) : orders.get(index)!,
  );
  const witnessProblems = signers.flatMap((signer, index) =>
    signer.role === 'witness' && signer.signingOrder !== undefined && signer.signingOrder !== result[index]
      ? [
          invalidOrder(
            `A witness signs in the step of the signer they witness (signing_order ${result[index]}): give that order, or none.`,
            fieldOf(index),
          ),
        ]
      : [],
  );
  if (witnessProblems.length > 0) throw AppError.of(witnessProblems, 'Invalid signing orders.');
  return result;
};

const isValidOrder = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1;

const invalidOrder = (message: string, field: string): Problem => ({
  code: 'INVALID_SIGNING_ORDER',
  message,
  field,
});

const orderedFlowProblems = (
  flow: SignProcessFlow,
  signers: readonly { signingOrder?: unknown }[],
  fieldOf: (index: number) => string,
): Problem[] => {
  const given = signers.filter(({ signingOrder }) => signingOrder !== undefined).length;
  if (given === 0) return [];
  if (given < signers.length) {
    return signers.flatMap(({ signingOrder }, index) =>
      signingOrder === undefined
        ? [invalidOrder(`A ${flow} flow needs signing_order on every signer once any signer has one.`, fieldOf(index))]
        : [],
    );
  }
  if (flow !== 'Sequential') return [];
  const seen = new Set<unknown>();
  return signers.flatMap(({ signingOrder }, index) => {
    if (!seen.has(signingOrder)) {
      seen.add(signingOrder);
      return [];
    }
    return [invalidOrder(`signing_order ${String(signingOrder)} is used twice; a Sequential flow needs distinct orders.`, fieldOf(index))];
  });
};

export interface OrderedSigner {
  id: string;
  signingOrder: number;
  status: RecipientStatus;
}

/**
 * The signers whose turn it is and who have not signed or declined: everyone pending in a
 * Parallel flow; otherwise every pending signer of the lowest order that still has one.
 */
export const activeSignerIds = (flow: SignProcessFlow, signers: readonly OrderedSigner[]): string[] => {
  const pending = signers.filter((signer) => isPending(signer.status));
  if (flow === 'Parallel') return pending.map((signer) => signer.id);
  const turn = Math.min(...pending.map((signer) => signer.signingOrder));
  return pending.filter((signer) => signer.signingOrder === turn).map((signer) => signer.id);
};

/** Statuses at creation, aligned with `orders`: signers whose turn it is are Sent, the others Waiting. */
export const initialStatuses = (flow: SignProcessFlow, orders: readonly number[]): RecipientStatus[] => {
  const signers = orders.map((signingOrder, index) => ({ id: String(index), signingOrder, status: 'Waiting' as const }));
  const active = new Set(activeSignerIds(flow, signers));
  return signers.map((signer) => (active.has(signer.id) ? 'Sent' : 'Waiting'));
};

/** The signers to invite once `signerId` has signed: those whose turn starts with that signature. */
export const newlyActiveAfterSignature = (
  flow: SignProcessFlow,
  signersBeforeSignature: readonly OrderedSigner[],
  signerId: string,
): string[] => {
  const before = new Set(activeSignerIds(flow, signersBeforeSignature));
  const after = signersBeforeSignature.map((signer) => (signer.id === signerId ? { ...signer, status: 'Signed' as const } : signer));
  return activeSignerIds(flow, after).filter((id) => !before.has(id));
};
