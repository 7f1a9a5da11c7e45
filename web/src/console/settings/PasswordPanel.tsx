/** The signed-in person's password: set a first one, or change it. */
export function PasswordPanel() {
  return null;
}
