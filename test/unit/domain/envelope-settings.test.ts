import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { reminderDueAt, resolveSettings, signingDueDate } from '../../../src/domain/envelope-settings.js';
import { expectAppError } from './expect-app-error.js';

describe('resolveSettings', () => {
  it("applies the contract's defaults", () => {
    assert.deepEqual(resolveSettings({}), {
      expirationDays: 30,
      emailReminders: false,
      reminderPeriod: null,
      appendVerificationQrCode: false,
      removeSignedEnvelope: false,
      enforceSignersLocation: false,
      sendEmailToRecipients: true,
      signProcessFlow: 'Parallel',
      allowReassign: false,
    });
  });

  it('accepts the alias expiration_day, and both names when they agree', () => {
    assert.equal(resolveSettings({ expiration_day: 12 }).expirationDays, 12);
    assert.equal(resolveSettings({ expiration_days: 12, expiration_day: 12 }).expirationDays, 12);
  });

  it('rejects expiration_days and expiration_day that disagree with 400 CONFLICTING_EXPIRATION_DAYS', () => {
    expectAppError(() => resolveSettings({ expiration_days: 10, expiration_day: 12 }), 400, 'CONFLICTING_EXPIRATION_DAYS');
  });

  it('rejects expiration_days outside 1–365 with 400 INVALID_EXPIRATION_DAYS', () => {
    for (const days of [0, 366, 2.5]) expectAppError(() => resolveSettings({ expiration_days: days }), 400, 'INVALID_EXPIRATION_DAYS');
    assert.equal(resolveSettings({ expiration_days: 365 }).expirationDays, 365);
    assert.equal(resolveSettings({ expiration_days: 1 }).expirationDays, 1);
  });

  it('needs 1 ≤ reminder_period < expiration_days when reminders are on, else 400 INVALID_REMINDER_PERIOD', () => {
    assert.equal(resolveSettings({ email_reminders: true, expiration_days: 10, reminder_period: 9 }).reminderPeriod, 9);
    for (const period of [0, 10, 11]) {
      const error = expectAppError(
        () => resolveSettings({ email_reminders: true, expiration_days: 10, reminder_period: period }),
        400,
        'INVALID_REMINDER_PERIOD',
      );
      assert.equal(error.problems[0]?.field, 'envelope.reminder_period');
    }
  });

  it('checks a reminder_period the request gives even when reminders are off (docs/concepts/envelopes.md: 1 ≤ n < expiration_days)', () => {
    expectAppError(() => resolveSettings({ expiration_days: 5, reminder_period: 40 }), 400, 'INVALID_REMINDER_PERIOD');
    assert.equal(resolveSettings({ expiration_days: 5, reminder_period: 4 }).reminderPeriod, null);
  });

  it("ignores a template's reminder_period when reminders are off", () => {
    assert.equal(resolveSettings({ expiration_days: 5 }, { reminder_period: 40 }).reminderPeriod, null);
  });

  it('picks a reminder period that fits when reminders are on without one', () => {
    assert.equal(resolveSettings({ email_reminders: true }).reminderPeriod, 3);
    assert.equal(resolveSettings({ email_reminders: true, expiration_days: 2 }).reminderPeriod, 1);
    assert.equal(resolveSettings({ email_reminders: true, expiration_days: 1 }).reminderPeriod, null);
  });

  it('parses sign_process_flow case-insensitively and rejects others with 400 INVALID_SIGN_PROCESS_FLOW', () => {
    assert.equal(resolveSettings({ sign_process_flow: 'hybrid' }).signProcessFlow, 'Hybrid');
    expectAppError(() => resolveSettings({ sign_process_flow: 'random' }), 400, 'INVALID_SIGN_PROCESS_FLOW');
  });

  it("takes what the request omits from the template's defaults, and what the request says over them", () => {
    const template = {
      expiration_days: 60,
      email_reminders: true,
      reminder_period: 7,
      sign_process_flow: 'Sequential',
      send_email_to_recipients: false,
    };
    const settings = resolveSettings({ expiration_day: 20, send_email_to_recipients: true }, template);
    assert.equal(settings.expirationDays, 20);
    assert.equal(settings.emailReminders, true);
    assert.equal(settings.reminderPeriod, 7);
    assert.equal(settings.signProcessFlow, 'Sequential');
    assert.equal(settings.sendEmailToRecipients, true);
  });

  it('reports every invalid setting at once, under the given path', () => {
    const error = expectAppError(
      () => resolveSettings({ expiration_days: 400, email_reminders: true, reminder_period: 0, sign_process_flow: 'x' }, {}, 'template'),
      400,
      'INVALID_EXPIRATION_DAYS',
    );
    assert.deepEqual(
      error.problems.map((d) => d.field),
      ['template.expiration_days', 'template.reminder_period', 'template.sign_process_flow'],
    );
  });
});

describe('due dates', () => {
  it('makes the envelope due the given number of days after creation', () => {
    assert.equal(signingDueDate(new Date('2026-01-30T10:00:00.000Z'), 30).toISOString(), '2026-03-01T10:00:00.000Z');
  });

  it('sends the automatic reminder reminder_period days before the due date', () => {
    assert.equal(reminderDueAt(new Date('2026-03-01T10:00:00.000Z'), 3).toISOString(), '2026-02-26T10:00:00.000Z');
  });

  it('always schedules a valid reminder strictly after creation and before the due date', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 365 }), fc.integer({ min: 1, max: 364 }), (days, period) => {
        fc.pre(period < days);
        const created = new Date('2026-05-01T00:00:00.000Z');
        const due = signingDueDate(created, resolveSettings({ expiration_days: days }).expirationDays);
        const reminder = reminderDueAt(
          due,
          resolveSettings({ expiration_days: days, email_reminders: true, reminder_period: period }).reminderPeriod ?? 0,
        );
        assert.ok(reminder > created && reminder < due);
      }),
    );
  });
});
