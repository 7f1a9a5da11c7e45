/** The signed-in person's passkeys: add, list, remove. */
export function PasskeysPanel() {
  return null;
}
