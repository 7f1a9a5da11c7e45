import type { ApiFailure } from '../../shared/api-failure.js';
import { useLanguage, useT } from '../i18n.js';

/** The sign-in codes a person meets here, in the console's words; the service's own message otherwise. */
const KNOWN = new Set([
  'INVALID_CREDENTIALS',
  'USER_LOCKED',
  'SSO_REQUIRED',
  'WEAK_PASSWORD',
  'INVALID_RESET_TOKEN',
  'SSO_STATE_INVALID',
  'SSO_PROVIDER_ERROR',
  'SSO_TOKEN_INVALID',
  'SSO_EMAIL_UNVERIFIED',
  'SSO_EMAIL_OUTSIDE_DOMAINS',
  'SSO_NOT_CONFIGURED',
]);

/** Words for a sign-in code (or `unknown`), for a refusal that arrived without a body, such as `?sso_error=`. */
export const useSignInMessage = () => {
  const t = useT('signin');
  return (code: string): string => t(KNOWN.has(code) ? `error.${code}` : 'error.unknown');
};

/** A refusal of the sign-in API, read out at once; the service's English detail stays below in another language. */
export function SignInError({ failure, code }: { failure?: ApiFailure | null; code?: string | null }) {
  const message = useSignInMessage();
  const { language } = useLanguage();
  const shown = failure?.code ?? code;
  if (!shown) return null;
  const known = KNOWN.has(shown);
  const text = known ? message(shown) : (failure?.message ?? message(shown));
  const detail = failure && known && language !== 'en' && failure.status !== 0 ? failure.message : null;
  return (
    <div className="notice notice-error" role="alert" data-testid="sign-in-error" data-code={shown}>
      <p className="notice-text">{text}</p>
      {detail && (
        <p className="notice-detail" lang="en">
          {detail}
        </p>
      )}
    </div>
  );
}
