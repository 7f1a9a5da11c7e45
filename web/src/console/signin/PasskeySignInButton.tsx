/** Signs in with a passkey of this device or a security key (docs/api/passkeys.md). */
export function PasskeySignInButton() {
  return null;
}
