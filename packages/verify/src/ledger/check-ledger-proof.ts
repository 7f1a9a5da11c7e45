import type { Check } from '../check.js';
import type { SealedLedgerProof } from '../pdf/completion-record.js';
import { leafHash, verifyConsistency, verifyInclusion } from './merkle.js';
import { verifyTreeHead, type SignedTreeHead } from './tree-head.js';

const unhex = (text: string) => Uint8Array.from(Buffer.from(text, 'hex'));
const isHex64 = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
const isHexList = (value: unknown): value is string[] => Array.isArray(value) && value.length <= 64 && value.every(isHex64);
const isSize = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 1;

/**
 * The offline checks of a sealed record's ledger proof: its leaf is the
 * entry hash the record names, the audit path leads from it to the root of the sealed tree head,
 * and that head is signed by the ledger key (the trusted one when known, else the key the head
 * names, which the seal covers like the rest of the record).
 */
export const checkSealedLedgerProof = (entryHash: string, proof: SealedLedgerProof, trustedLedgerKey: string | undefined): Check[] => {
  const head = proof.tree_head;
  const wellFormed =
    isHex64(entryHash) &&
    isSize(proof.block_number) &&
    isSize(proof.tree_size) &&
    isHexList(proof.audit_path) &&
    isHex64(head?.root_hash) &&
    head.tree_size === proof.tree_size;
  if (!wellFormed) return [{ name: 'ledger proof', ok: false, detail: 'the record carries a malformed ledger proof' }];
  const leaf = Buffer.from(leafHash(unhex(entryHash))).toString('hex');
  const included = verifyInclusion(
    unhex(entryHash),
    proof.block_number - 1,
    proof.tree_size,
    proof.audit_path.map(unhex),
    unhex(head.root_hash),
  );
  const signed = verifyTreeHead(head, trustedLedgerKey);
  return [
    {
      name: 'ledger leaf',
      ok: leaf === proof.leaf_hash,
      detail:
        leaf === proof.leaf_hash
          ? `block ${proof.block_number} is the entry ${entryHash}`
          : 'the leaf hash is not the hash of the sealed entry',
    },
    {
      name: 'ledger inclusion',
      ok: included,
      detail: included
        ? `the entry is block ${proof.block_number} of the sealed tree head of ${proof.tree_size} blocks`
        : 'the audit path does not lead to the sealed tree head',
    },
    {
      name: 'sealed tree head',
      ok: signed,
      detail: signed
        ? `signed ${head.timestamp} by the ledger key ${trustedLedgerKey ? '(the trusted one)' : 'named in the sealed record'}`
        : trustedLedgerKey && trustedLedgerKey !== head.public_key
          ? 'the sealed tree head names another ledger key than the trusted one'
          : 'the signature of the sealed tree head does not verify',
    },
  ];
};

/** What the service answers now: its current head and the two proofs against it. */
export interface OnlineLedgerState {
  head: SignedTreeHead;
  inclusion: { leaf_hash: string; audit_path: string[] } | undefined;
  consistency: { proof: string[] } | undefined;
}

/** The online checks: the current head is signed by the published key, holds the entry, and extends the sealed head. */
export const checkAgainstCurrentHead = (
  entryHash: string,
  sealed: SealedLedgerProof,
  online: OnlineLedgerState,
  ledgerKey: string,
): Check[] => {
  const { head, inclusion, consistency } = online;
  const signed = verifyTreeHead(head, ledgerKey);
  const sameKey = sealed.tree_head.public_key === ledgerKey;
  const included =
    inclusion !== undefined &&
    isHexList(inclusion.audit_path) &&
    verifyInclusion(unhex(entryHash), sealed.block_number - 1, head.tree_size, inclusion.audit_path.map(unhex), unhex(head.root_hash));
  const consistent =
    consistency !== undefined &&
    isHexList(consistency.proof) &&
    verifyConsistency(
      sealed.tree_size,
      head.tree_size,
      consistency.proof.map(unhex),
      unhex(sealed.tree_head.root_hash),
      unhex(head.root_hash),
    );
  return [
    {
      name: 'current tree head',
      ok: signed,
      detail: signed
        ? `${head.tree_size} blocks at ${head.timestamp}, signed by the published ledger key`
        : 'not signed by the published ledger key',
    },
    {
      name: 'sealed head key',
      ok: sameKey,
      detail: sameKey
        ? 'the sealed tree head was signed by the published ledger key'
        : 'the sealed tree head names another key than the published one',
    },
    {
      name: 'inclusion now',
      ok: included,
      detail: included
        ? `block ${sealed.block_number} is in the current tree of ${head.tree_size} blocks`
        : 'the service does not prove the entry in its current tree',
    },
    {
      name: 'consistency',
      ok: consistent,
      detail: consistent
        ? `the current tree of ${head.tree_size} blocks extends the sealed tree of ${sealed.tree_size}`
        : 'the service does not prove that its current tree extends the sealed one',
    },
  ];
};
