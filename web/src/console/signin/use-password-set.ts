import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SignedInAccount, SignedInUser } from '../console-api.js';

/**
 * Once a password is saved, the session the console shows says so at once (the prompt goes, the panel
 * offers a change); the next token exchange says the same.
 */
export const usePasswordSet = (): (() => void) => {
  const queries = useQueryClient();
  return useCallback(() => {
    queries.setQueryData<{ user: SignedInUser; account: SignedInAccount }>(['session'], (session) =>
      session ? { ...session, user: { ...session.user, has_password: true } } : session,
    );
  }, [queries]);
};
