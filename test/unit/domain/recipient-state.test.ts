import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  assertRemindable,
  assertSignerActive,
  isPending,
  statusAfterDeclining,
  statusAfterSigning,
  statusAfterView,
  type RecipientStatus,
} from '../../../src/domain/recipient-state.js';
import { expectAppError } from './expect-app-error.js';

const ALL: RecipientStatus[] = ['Waiting', 'Sent', 'Viewed', 'Signed', 'Declined'];

describe('recipient transitions', () => {
  it('marks a signer Viewed only from Sent, and leaves every other status alone', () => {
    assert.deepEqual(ALL.map(statusAfterView), ['Waiting', 'Viewed', 'Viewed', 'Signed', 'Declined']);
  });

  it('signs from Sent or Viewed', () => {
    assert.equal(statusAfterSigning('Sent'), 'Signed');
    assert.equal(statusAfterSigning('Viewed'), 'Signed');
  });

  it('refuses a second signature with 409 ALREADY_SIGNED', () => {
    expectAppError(() => statusAfterSigning('Signed'), 409, 'ALREADY_SIGNED');
  });

  it('refuses a waiting signer with 409 NOT_YOUR_TURN', () => {
    expectAppError(() => statusAfterSigning('Waiting'), 409, 'NOT_YOUR_TURN');
  });

  it('refuses a signer who declined with 409 ENVELOPE_NOT_ACTIVE', () => {
    expectAppError(() => statusAfterSigning('Declined'), 409, 'ENVELOPE_NOT_ACTIVE');
  });

  it('declines under the same rules as signing', () => {
    assert.equal(statusAfterDeclining('Sent'), 'Declined');
    assert.equal(statusAfterDeclining('Viewed'), 'Declined');
    expectAppError(() => statusAfterDeclining('Signed'), 409, 'ALREADY_SIGNED');
    expectAppError(() => statusAfterDeclining('Waiting'), 409, 'NOT_YOUR_TURN');
  });

  it('counts Waiting, Sent and Viewed signers as pending', () => {
    assert.deepEqual(ALL.filter(isPending), ['Waiting', 'Sent', 'Viewed']);
  });

  it('reminds only a signer whose turn it is, else 409 SIGNER_NOT_REMINDABLE', () => {
    assertRemindable('Sent');
    assertRemindable('Viewed');
    for (const status of ['Waiting', 'Signed', 'Declined'] as const) {
      expectAppError(() => assertRemindable(status), 409, 'SIGNER_NOT_REMINDABLE');
    }
  });

  it("issues an embedded URL only while it is the signer's turn, else 409 SIGNER_NOT_ACTIVE", () => {
    assertSignerActive('Sent');
    assertSignerActive('Viewed');
    for (const status of ['Waiting', 'Signed', 'Declined'] as const) {
      expectAppError(() => assertSignerActive(status), 409, 'SIGNER_NOT_ACTIVE');
    }
  });
});
