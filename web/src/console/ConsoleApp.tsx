import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { ApiFailure } from '../shared/api-failure.js';
import { consoleApi } from './console-api.js';
import { ConsoleLayout } from './ConsoleLayout.js';
import { ConsoleRoutes } from './ConsoleRoutes.js';
import { ErrorNotice } from './ErrorNotice.js';
import { I18nProvider, useT } from './i18n.js';
import { SessionProvider } from './session.js';
import { FirstPasswordPrompt } from './signin/FirstPasswordPrompt.js';
import { resetTokenInPath } from './signin/password-api.js';
import { PasswordResetPage } from './signin/PasswordResetPage.js';
import { SignInPage } from './SignInPage.js';

const queryClient = new QueryClient({
  defaultOptions: {
    // A 4xx will not change by asking again; only network failures are retried.
    queries: { retry: (count, error) => (error as ApiFailure).status === 0 && count < 2, refetchOnWindowFocus: true },
  },
});

const NO_SESSION = new Set(['SESSION_REQUIRED', 'SESSION_EXPIRED']);

function SessionGate() {
  const queries = useQueryClient();
  const t = useT('common');
  const session = useQuery({ queryKey: ['session'], queryFn: () => consoleApi.session(), staleTime: Infinity, retry: false });

  const signOut = useCallback(() => {
    void consoleApi.signOut().finally(() => {
      queries.clear();
      window.location.assign('/');
    });
  }, [queries]);

  const value = useMemo(() => (session.data ? { ...session.data, signOut } : null), [session.data, signOut]);

  if (session.isPending) return <p className="loading">{t('loading')}</p>;
  if (session.error) {
    const failure = session.error as ApiFailure;
    if (NO_SESSION.has(failure.code)) return <SignInPage />;
    return (
      <main className="app-main">
        <ErrorNotice error={failure} />
      </main>
    );
  }
  if (!value) return null;
  return (
    <SessionProvider session={value}>
      <ConsoleLayout>
        <FirstPasswordPrompt />
        <ConsoleRoutes />
      </ConsoleLayout>
    </SessionProvider>
  );
}

export function ConsoleApp() {
  // A mailed reset link (/console/reset/{token}) needs no session: whoever reads the mail chooses the password.
  const resetToken = resetTokenInPath(window.location.pathname);
  return (
    <I18nProvider>
      {resetToken ? (
        <PasswordResetPage token={resetToken} />
      ) : (
        <QueryClientProvider client={queryClient}>
          <SessionGate />
        </QueryClientProvider>
      )}
    </I18nProvider>
  );
}
