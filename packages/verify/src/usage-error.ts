/** The verifier could not be run as asked (no file, an unreadable trust file, no trust anchor, --online unreachable): exit code 2. */
export class VerifyUsageError extends Error {
  override readonly name = 'VerifyUsageError';
}
