import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ENVELOPE_STATUSES,
  assertActive,
  assertCancellable,
  assertDeletable,
  assertDownloadableSigned,
  assertExtendable,
  effectiveStatus,
  statusAfterExtension,
  type EnvelopeStatus,
} from '../../../src/domain/envelope-state.js';
import { expectAppError } from './expect-app-error.js';

const due = new Date('2026-11-21T08:15:32.000Z');
const before = new Date(due.getTime() - 1);

describe('effectiveStatus', () => {
  it('reads a Sent or InProgress envelope as Expired from the due instant on, before any job runs', () => {
    for (const status of ['Sent', 'InProgress'] as const) {
      assert.equal(effectiveStatus({ status, signingDueDate: due }, before), status);
      assert.equal(effectiveStatus({ status, signingDueDate: due }, due), 'Expired');
      assert.equal(effectiveStatus({ status, signingDueDate: due }, new Date(due.getTime() + 86_400_000)), 'Expired');
    }
  });

  it('leaves finished envelopes as they are after the due date', () => {
    const after = new Date(due.getTime() + 1);
    for (const status of ['Completed', 'Declined', 'Cancelled', 'Expired'] as const) {
      assert.equal(effectiveStatus({ status, signingDueDate: due }, after), status);
    }
  });
});

const allowedBy = (guard: (status: EnvelopeStatus) => void): EnvelopeStatus[] =>
  ENVELOPE_STATUSES.filter((status) => {
    try {
      guard(status);
      return true;
    } catch {
      return false;
    }
  });

describe('envelope operation guards', () => {
  it('cancels only Sent, InProgress, Correcting and Expired envelopes, else 409 ENVELOPE_NOT_CANCELLABLE', () => {
    assert.deepEqual(allowedBy(assertCancellable), ['Sent', 'InProgress', 'Correcting', 'Expired']);
    expectAppError(() => assertCancellable('Completed'), 409, 'ENVELOPE_NOT_CANCELLABLE');
  });

  it('deletes only Completed envelopes, else 409 ENVELOPE_NOT_COMPLETED', () => {
    assert.deepEqual(allowedBy(assertDeletable), ['Completed']);
    expectAppError(() => assertDeletable('InProgress'), 409, 'ENVELOPE_NOT_COMPLETED');
  });

  it('extends only Expired envelopes, else 409 ENVELOPE_NOT_EXPIRED', () => {
    assert.deepEqual(allowedBy(assertExtendable), ['Expired']);
    expectAppError(() => assertExtendable('Sent'), 409, 'ENVELOPE_NOT_EXPIRED');
  });

  it('lets recipients act only on Sent and InProgress envelopes, else 409 ENVELOPE_NOT_ACTIVE naming the status', () => {
    assert.deepEqual(allowedBy(assertActive), ['Sent', 'InProgress']);
    for (const status of ['Completed', 'Declined', 'Cancelled', 'Expired'] as const) {
      const error = expectAppError(() => assertActive(status), 409, 'ENVELOPE_NOT_ACTIVE');
      assert.match(error.message, new RegExp(status));
    }
  });

  it('serves the signed document only for Completed envelopes, else 409 ENVELOPE_NOT_COMPLETED', () => {
    assert.deepEqual(allowedBy(assertDownloadableSigned), ['Completed']);
    expectAppError(() => assertDownloadableSigned('InProgress'), 409, 'ENVELOPE_NOT_COMPLETED');
  });
});

describe('status after an extension', () => {
  it('reopens an extended envelope as Sent when nobody signed or approved, else InProgress', () => {
    assert.equal(statusAfterExtension([{ status: 'Sent' }, { status: 'Waiting' }]), 'Sent');
    assert.equal(statusAfterExtension([{ status: 'Signed' }, { status: 'Sent' }]), 'InProgress');
    assert.equal(statusAfterExtension([{ status: 'Approved' }, { status: 'Sent' }]), 'InProgress');
  });
});
