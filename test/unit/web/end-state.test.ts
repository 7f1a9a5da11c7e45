import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApiFailure, failureFromBody } from '../../../web/src/shared/api-failure.js';
import { endStateOfFailure, endStateOfSession } from '../../../web/src/sign/end-state.js';
import { failure, session } from './signing-session-fixtures.js';

describe('endStateOfSession', () => {
  it('lets a Sent or Viewed signer of an active envelope sign', () => {
    assert.equal(endStateOfSession(session('Sent')), null);
    assert.equal(endStateOfSession(session('Viewed', 'InProgress')), null);
  });

  it('shows "not your turn" to a Waiting signer', () => {
    assert.deepEqual(endStateOfSession(session('Waiting')), { name: 'not-your-turn' });
  });

  it('shows "already signed" to a signer who has signed, even once the envelope is Completed', () => {
    assert.deepEqual(endStateOfSession(session('Signed', 'Completed')), { name: 'already-signed' });
  });

  it('maps an envelope status of Cancelled or Expired to its screen', () => {
    assert.deepEqual(endStateOfSession(session('Viewed', 'Cancelled')), { name: 'cancelled' });
    assert.deepEqual(endStateOfSession(session('Sent', 'Expired')), { name: 'expired' });
  });
});

describe('endStateOfFailure', () => {
  it('shows "link invalid" for 404 (unknown token)', () => {
    assert.deepEqual(endStateOfFailure(failure(404, 'NOT_FOUND', 'Not found')), { name: 'invalid-link' });
  });

  it('shows "not your turn" for 409 NOT_YOUR_TURN and "already signed" for 409 ALREADY_SIGNED', () => {
    assert.deepEqual(endStateOfFailure(failure(409, 'NOT_YOUR_TURN', 'Not yet')), { name: 'not-your-turn' });
    assert.deepEqual(endStateOfFailure(failure(409, 'ALREADY_SIGNED', 'Done')), { name: 'already-signed' });
  });

  for (const [status, screen] of [
    ['Completed', 'completed'],
    ['Declined', 'declined'],
    ['Cancelled', 'cancelled'],
    ['Expired', 'expired'],
  ]) {
    it(`reads the status ${status} out of a 409 ENVELOPE_NOT_ACTIVE message`, () => {
      assert.equal(endStateOfFailure(failure(409, 'ENVELOPE_NOT_ACTIVE', `The envelope is ${status}.`))?.name, screen);
    });
  }

  it('keeps the signer on the page for 400s they can fix (CONSENT_REQUIRED, REQUIRED_FIELD_MISSING…)', () => {
    assert.equal(endStateOfFailure(failure(400, 'REQUIRED_FIELD_MISSING', 'Field company is required.')), null);
    assert.equal(endStateOfFailure(failure(400, 'LOCATION_REQUIRED', 'Location required.')), null);
  });
});

describe('failureFromBody', () => {
  it('keeps the contract error items and exposes the first code', () => {
    const parsed = failure(400, 'CONSENT_REQUIRED', 'Consent is required.');
    assert.equal(parsed.code, 'CONSENT_REQUIRED');
    assert.equal(parsed.hasCode('CONSENT_REQUIRED'), true);
  });

  it('turns a body that is not the contract shape into HTTP_<status>', () => {
    const parsed = failureFromBody(502, null);
    assert.ok(parsed instanceof ApiFailure);
    assert.equal(parsed.code, 'HTTP_502');
  });
});
