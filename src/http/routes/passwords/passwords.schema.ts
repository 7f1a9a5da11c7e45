import { Type } from 'typebox';
import { PASSWORD_RULE_SUMMARY, PASSWORD_RULES } from '../../../domain/password-policy.js';
import { Email, Ok, Strict, Text } from '../../schema-kit.js';

/**
 * A password as the request carries it: bounded well above the longest accepted one, so that an
 * overlong password is judged by the rules (400 WEAK_PASSWORD, saying so) rather than by the schema.
 */
const Password = (description: string) => Text(4 * PASSWORD_RULES.maxLength, { description });

export const PasswordSignInBody = Strict({
  email: Email({ description: "The user's e-mail address", 'x-missing-code': 'FIELD_REQUIRED', 'x-invalid-code': 'INVALID_EMAIL' }),
  password: Type.String({ maxLength: 4 * PASSWORD_RULES.maxLength, description: "The user's password" }),
});

export const PasswordChangeBody = Strict({
  current_password: Type.Optional(
    Password('The password now; left out by a user who has none yet (an invited person setting a first one)'),
  ),
  new_password: Password(`The new password. ${PASSWORD_RULE_SUMMARY} A rule broken: 400 WEAK_PASSWORD.`),
});

export const PasswordResetRequestBody = Strict({
  email: Email({ description: "The user's e-mail address", 'x-missing-code': 'FIELD_REQUIRED', 'x-invalid-code': 'INVALID_EMAIL' }),
});

export const PasswordResetBody = Strict({
  new_password: Password(`The new password. ${PASSWORD_RULE_SUMMARY} A rule broken: 400 WEAK_PASSWORD (the link stays usable).`),
});

export const ResetTokenParams = Type.Object({
  reset_code: Text(200, { description: 'The token of the mailed link `/console/reset/{token}`' }),
});

export const EmptyOk = (description: string) => Ok(Type.Object({}), description);

export const PasswordChangeResponse = Ok(
  Type.Object({
    first_password: Type.Boolean({ description: 'True when the user had no password before this one' }),
  }),
  "Saved: the user's other console sessions have ended",
);
