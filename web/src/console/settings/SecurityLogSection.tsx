/** The account's security log, newest first, for admins. */
export function SecurityLogSection() {
  return null;
}
