import { AppError } from './app-error.js';

/** The password rules (docs/api/people.md "Passwords"); any one broken answers 400 WEAK_PASSWORD. */
export const PASSWORD_RULES = {
  /** Characters (Unicode code points, after NFC normalisation), not bytes. */
  minLength: 12,
  maxLength: 256,
  /** What must remain once the person's name and e-mail address are taken out of the password. */
  minLengthBesidesPersonalWords: 8,
  /** Shorter parts of a name or address (initials, "jo") are too common in ordinary words to refuse. */
  minPersonalWordLength: 3,
} as const;

export interface PasswordContext {
  /** The person's name, as they gave it. */
  name: string;
  /** Their e-mail address. */
  email: string;
  /** Common passwords, lower-cased (src/infra/common-passwords.ts). */
  commonPasswords: ReadonlySet<string>;
}

const characters = (text: string): number => [...text].length;

/**
 * The whole address, its local part and the local part's pieces, the domain's names but its last, each
 * word of the name and the name run together.
 */
const personalWords = ({ name, email }: PasswordContext): string[] => {
  const address = email.trim().toLowerCase();
  const [local = '', domain = ''] = address.split('@');
  const nameWords = name.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  const words = [address, local, ...local.split(/[._+-]+/), ...domain.split('.').slice(0, -1), ...nameWords, nameWords.join('')];
  return [...new Set(words)].filter((word) => characters(word) >= PASSWORD_RULES.minPersonalWordLength).sort((a, b) => b.length - a.length);
};

const withoutPersonalWords = (password: string, context: PasswordContext): string =>
  personalWords(context).reduce((rest, word) => rest.split(word).join(''), password);

/** The shortest text that, repeated, makes up the whole password ("ab" for "abababab"). */
const repeatedUnit = (text: string): string => {
  for (let length = 1; length <= text.length / 2; length += 1) {
    if (text.length % length === 0 && text.slice(0, length).repeat(text.length / length) === text) return text.slice(0, length);
  }
  return text;
};

const NO_LETTERS = /^[^\p{L}]*$/u;

/** A common password followed by digits or symbols only ("123456789012" is "1234567890" and "12"). */
const startsCommon = (lower: string, commonPasswords: ReadonlySet<string>): boolean => {
  for (let end = lower.length - 1; end >= 4; end -= 1) {
    if (commonPasswords.has(lower.slice(0, end)) && NO_LETTERS.test(lower.slice(end))) return true;
  }
  return false;
};

/**
 * A common password as such, with digits or symbols around it ("Password2024!"), or repeated
 * ("qwertyqwerty"); a run of one short unit ("aaaaaaaaaaaa", "121212121212") is as guessable.
 */
const isCommon = (lower: string, commonPasswords: ReadonlySet<string>): boolean => {
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  const unit = repeatedUnit(lower);
  return (
    commonPasswords.has(lower) ||
    (core !== '' && commonPasswords.has(core)) ||
    startsCommon(lower, commonPasswords) ||
    commonPasswords.has(unit) ||
    characters(unit) <= PASSWORD_RULES.minPersonalWordLength
  );
};

/**
 * Refuses a password that breaks a rule with 400 WEAK_PASSWORD, saying which rule (never the password);
 * `field` names where the request carried it.
 */
export const assertStrongPassword = (password: string, context: PasswordContext, field: string): void => {
  const normalized = password.normalize('NFC');
  const length = characters(normalized);
  const refuse = (why: string) => {
    throw new AppError('WEAK_PASSWORD', `${why} ${PASSWORD_RULE_SUMMARY}`, { field });
  };
  if (length < PASSWORD_RULES.minLength) refuse(`The password has ${length} characters; it needs at least ${PASSWORD_RULES.minLength}.`);
  if (length > PASSWORD_RULES.maxLength) refuse(`The password has ${length} characters; at most ${PASSWORD_RULES.maxLength} are accepted.`);
  const lower = normalized.toLowerCase();
  if (characters(withoutPersonalWords(lower, context)) < PASSWORD_RULES.minLengthBesidesPersonalWords) {
    refuse('The password is mostly your name or e-mail address.');
  }
  if (isCommon(lower, context.commonPasswords)) refuse('The password is a common one, or a common one with digits or symbols added.');
};

/** The rules in one sentence, as the setup page shows them and every refusal repeats them. */
export const PASSWORD_RULE_SUMMARY =
  `Use ${PASSWORD_RULES.minLength} to ${PASSWORD_RULES.maxLength} characters, not mostly your name or e-mail address, ` +
  'and not a common password (a few unrelated words make a good one).';
