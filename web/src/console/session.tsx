import { createContext, useContext, type ReactNode } from 'react';
import type { SignedInAccount, SignedInUser } from './console-api.js';

export interface Session {
  user: SignedInUser;
  account: SignedInAccount;
  signOut: () => void;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The signed-in person; only used below the sign-in gate, so it is always there. */
export const useSession = (): Session => {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
};
