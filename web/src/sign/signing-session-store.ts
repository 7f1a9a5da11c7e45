/**
 * The signing session an authentication opened (docs/concepts/recipients.md), kept for this tab only: a reload
 * keeps it, closing the tab forgets it. Keyed by the link's token, so two links in one tab stay apart.
 */
const keyOf = (token: string) => `countersign.signing-session.${token}`;

export interface StoredSigningSession {
  session: string;
  expiresAt: string;
}

export const readSigningSession = (token: string): StoredSigningSession | null => {
  try {
    const raw = window.sessionStorage.getItem(keyOf(token));
    const stored = raw ? (JSON.parse(raw) as StoredSigningSession) : null;
    return stored && new Date(stored.expiresAt).getTime() > Date.now() ? stored : null;
  } catch {
    // Storage refused (private mode, a sandboxed frame): the session lives in memory only.
    return null;
  }
};

export const storeSigningSession = (token: string, stored: StoredSigningSession): void => {
  try {
    window.sessionStorage.setItem(keyOf(token), JSON.stringify(stored));
  } catch {
    // As above: without storage a reload asks for the code again.
  }
};
