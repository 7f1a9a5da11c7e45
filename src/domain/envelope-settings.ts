import { AppError, type Problem } from './app-error.js';
import { addDays } from './clock.js';
import { parseFlow, type SignProcessFlow } from './signing-order.js';

/** The creation settings as a request (or a template's defaults) gives them, in the contract's names. */
export interface EnvelopeSettingsInput {
  expiration_days?: number;
  expiration_day?: number;
  email_reminders?: boolean;
  reminder_period?: number;
  append_verification_qr_code?: boolean;
  remove_signed_envelope?: boolean;
  enforce_signers_location?: boolean;
  send_email_to_recipients?: boolean;
  sign_process_flow?: string;
  allow_reassign?: boolean;
}

export interface EnvelopeSettings {
  expirationDays: number;
  emailReminders: boolean;
  /** Days before the due date to send the automatic reminder; null when no reminder is sent. */
  reminderPeriod: number | null;
  appendVerificationQrCode: boolean;
  removeSignedEnvelope: boolean;
  enforceSignersLocation: boolean;
  sendEmailToRecipients: boolean;
  signProcessFlow: SignProcessFlow;
  /** A signer may hand their step to another person (docs/api/workflows.md). */
  allowReassign: boolean;
}

export const DEFAULT_EXPIRATION_DAYS = 30;
export const MAX_EXPIRATION_DAYS = 365;
/** Reminder lead time when reminders are on and no period is given, shortened to fit short envelopes. */
export const DEFAULT_REMINDER_PERIOD = 3;

const BOOLEAN_DEFAULTS = {
  email_reminders: false,
  append_verification_qr_code: false,
  remove_signed_envelope: false,
  enforce_signers_location: false,
  send_email_to_recipients: true,
  allow_reassign: false,
} as const;

/**
 * The settings of a new envelope: what the request says, else the template's default, else the
 * contract's default (docs/concepts/envelopes.md). Every problem is reported at once. `path` is the JSON
 * path of the settings object, for error fields.
 */
export const resolveSettings = (
  request: EnvelopeSettingsInput,
  templateDefaults: EnvelopeSettingsInput = {},
  path = 'envelope',
): EnvelopeSettings => {
  const problems: Problem[] = [];
  const requested = expirationDaysOf(request, path, problems);
  const expirationDays = requested ?? expirationDaysOf(templateDefaults, path, problems) ?? DEFAULT_EXPIRATION_DAYS;
  const flag = (key: keyof typeof BOOLEAN_DEFAULTS) => request[key] ?? templateDefaults[key] ?? BOOLEAN_DEFAULTS[key];
  const emailReminders = flag('email_reminders');
  // A period the request itself gives is checked even with reminders off (docs/concepts/envelopes.md: 1 ≤ n <
  // expiration_days); one left over from a template only matters when a reminder is sent.
  const requestedPeriod =
    request.reminder_period !== undefined ? checkReminderPeriod(request.reminder_period, expirationDays, path, problems) : undefined;
  const reminderPeriod = emailReminders
    ? request.reminder_period !== undefined
      ? (requestedPeriod ?? null)
      : resolveReminderPeriod(templateDefaults.reminder_period, expirationDays, path, problems)
    : null;
  const signProcessFlow = collect(problems, () =>
    parseFlow(request.sign_process_flow ?? templateDefaults.sign_process_flow, `${path}.sign_process_flow`),
  );
  if (problems.length > 0) throw AppError.of(problems, 'Invalid envelope settings.');
  return {
    expirationDays,
    emailReminders,
    reminderPeriod,
    appendVerificationQrCode: flag('append_verification_qr_code'),
    removeSignedEnvelope: flag('remove_signed_envelope'),
    enforceSignersLocation: flag('enforce_signers_location'),
    sendEmailToRecipients: flag('send_email_to_recipients'),
    signProcessFlow: signProcessFlow ?? 'Parallel',
    allowReassign: flag('allow_reassign'),
  };
};

/** `expiration_days`, or its alias `expiration_day` from the original field table; both must agree. */
const expirationDaysOf = (input: EnvelopeSettingsInput, path: string, problems: Problem[]): number | undefined => {
  const { expiration_days: days, expiration_day: alias } = input;
  if (days !== undefined && alias !== undefined && days !== alias) {
    problems.push({
      code: 'CONFLICTING_EXPIRATION_DAYS',
      message: `expiration_days (${days}) and its alias expiration_day (${alias}) disagree; give one.`,
      field: `${path}.expiration_day`,
    });
    return undefined;
  }
  const value = days ?? alias;
  if (value === undefined) return undefined;
  if (Number.isInteger(value) && value >= 1 && value <= MAX_EXPIRATION_DAYS) return value;
  problems.push({
    code: 'INVALID_EXPIRATION_DAYS',
    message: `expiration_days must be an integer from 1 to ${MAX_EXPIRATION_DAYS}.`,
    field: `${path}.${days === undefined ? 'expiration_day' : 'expiration_days'}`,
  });
  return undefined;
};

/**
 * Only checked when reminders are on: a period left over from a template must not fail an envelope
 * that sends no reminder. Without a period, the default is shortened to fit; a 1-day envelope has
 * no room for a reminder, so it gets none.
 */
const resolveReminderPeriod = (period: number | undefined, expirationDays: number, path: string, problems: Problem[]): number | null => {
  if (period === undefined) {
    const fitting = Math.min(DEFAULT_REMINDER_PERIOD, expirationDays - 1);
    return fitting >= 1 ? fitting : null;
  }
  return checkReminderPeriod(period, expirationDays, path, problems) ?? null;
};

const checkReminderPeriod = (period: number, expirationDays: number, path: string, problems: Problem[]): number | undefined => {
  if (Number.isInteger(period) && period >= 1 && period < expirationDays) return period;
  problems.push({
    code: 'INVALID_REMINDER_PERIOD',
    message:
      expirationDays > 1
        ? `reminder_period is a whole number of days before expiry, from 1 to ${expirationDays - 1} (less than expiration_days).`
        : 'reminder_period must be less than expiration_days, and a 1-day envelope has no room for a reminder.',
    field: `${path}.reminder_period`,
  });
  return undefined;
};

const collect = <T>(problems: Problem[], resolve: () => T): T | undefined => {
  try {
    return resolve();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    problems.push(...error.problems);
    return undefined;
  }
};

/** The instant the envelope expires: `days` whole days after its creation. */
export const signingDueDate = (createdAt: Date, days: number): Date => addDays(createdAt, days);

/** When the automatic reminder goes out: `reminderPeriod` days before the due date. */
export const reminderDueAt = (dueDate: Date, reminderPeriod: number): Date => addDays(dueDate, -reminderPeriod);
