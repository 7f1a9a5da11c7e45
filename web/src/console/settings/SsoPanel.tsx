/** The account's identity provider (OIDC), for admins. */
export function SsoPanel() {
  return null;
}
