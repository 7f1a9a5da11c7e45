import { useCallback, useEffect, useMemo, useState } from 'react';
import { ENGLISH, browserLanguage, isLanguage, loadTranslation, TranslationContext, type Translation } from './i18n.js';
import { requiredAuthentication, type AuthenticationMethod } from './authentication-types.js';
import { ApiFailure } from '../shared/api-failure.js';
import { notifyParent } from './embed-events.js';
import { endStateOfFailure, endStateOfSession, isCompletedCopy, type EndState } from './end-state.js';
import { CompletedCopyView } from './CompletedCopyView.js';
import { HandOver } from './HandOver.js';
import { EndStateView } from './EndStateView.js';
import { SigningApi } from './signing-api.js';
import type { SigningLocation } from './signing-location.js';
import type { SigningSession } from './signing-types.js';
import { SigningWorkspace } from './SigningWorkspace.js';
import { AttachmentUploadsProvider } from './AttachmentField.js';
import { RecipientAuthentication } from './RecipientAuthentication.js';

type Phase =
  | { kind: 'loading' }
  | { kind: 'authenticating'; method: AuthenticationMethod }
  | { kind: 'handing-over'; session: SigningSession }
  | { kind: 'signing'; session: SigningSession }
  | { kind: 'copy'; session: SigningSession }
  | { kind: 'ended'; state: EndState };

const endStateOfLoadError = (error: unknown): EndState =>
  error instanceof ApiFailure ? (endStateOfFailure(error) ?? { name: 'error', detail: error.message }) : { name: 'error' };

/** Opens the signing session named by the URL and shows the workspace or the screen that ends it. */
export function SigningApp({ where }: { where: SigningLocation }) {
  const api = useMemo(() => (where.token ? new SigningApi(where.token) : null), [where.token]);
  const [phase, setPhase] = useState<Phase>(api ? { kind: 'loading' } : { kind: 'ended', state: { name: 'invalid-link' } });
  const [translation, setTranslation] = useState<Translation>(ENGLISH);
  // Bumped once the signer authenticated: the session is opened again, with the signing session.
  const [opening, setOpening] = useState(0);

  useEffect(() => {
    document.documentElement.lang = translation.language;
  }, [translation.language]);

  useEffect(() => {
    let current = true;
    // Until the signing API names the signer's language, the browser's: the loading line and a link that fails.
    void loadTranslation(browserLanguage()).then((browser) => current && setTranslation(browser));
    api
      ?.open()
      .then(async (session) => {
        const signers = await loadTranslation(session.language);
        if (!current) return;
        setTranslation(signers);
        notifyParent('countersign.loaded', session.envelope.envelope_id);
        const ended = endStateOfSession(session);
        if (isCompletedCopy(session)) setPhase({ kind: 'copy', session });
        else if (ended) setPhase({ kind: 'ended', state: ended });
        else setPhase({ kind: where.inPerson ? 'handing-over' : 'signing', session });
      })
      .catch(async (error: unknown) => {
        if (!current) return;
        const method = error instanceof ApiFailure ? requiredAuthentication(error) : null;
        if (method) {
          // The refusal names the signer's language (Content-Language), so the step before signing speaks it too.
          if (error instanceof ApiFailure && isLanguage(error.language)) {
            const signers = await loadTranslation(error.language);
            if (current) setTranslation(signers);
          }
          return setPhase({ kind: 'authenticating', method });
        }
        notifyParent('countersign.error', null);
        setPhase({ kind: 'ended', state: endStateOfLoadError(error) });
      });
    return () => {
      current = false;
    };
  }, [api, opening, where.inPerson]);

  const end = useCallback((state: EndState) => setPhase({ kind: 'ended', state }), []);

  return (
    <TranslationContext.Provider value={translation}>
      <div className={where.embedded ? 'app app-embedded' : 'app'}>
        {where.embedded ? null : (
          <div className="brand-bar">
            <span className="brand">Countersign</span>
          </div>
        )}
        <main className="app-main">
          {phase.kind === 'loading' ? (
            <p className="loading" role="status" data-testid="state-loading">
              {translation.t('sign.loading')}
            </p>
          ) : null}
          {phase.kind === 'authenticating' && api ? (
            <RecipientAuthentication api={api} method={phase.method} onAuthenticated={() => setOpening((n) => n + 1)} />
          ) : null}
          {phase.kind === 'handing-over' ? (
            <HandOver session={phase.session} onStart={() => setPhase({ kind: 'signing', session: phase.session })} />
          ) : null}
          {phase.kind === 'copy' && api ? <CompletedCopyView session={phase.session} api={api} /> : null}
          {phase.kind === 'signing' && api ? (
            <AttachmentUploadsProvider api={api}>
              <SigningWorkspace session={phase.session} api={api} embedded={where.embedded} onEnd={end} />
            </AttachmentUploadsProvider>
          ) : null}
          {phase.kind === 'ended' ? <EndStateView state={phase.state} /> : null}
        </main>
      </div>
    </TranslationContext.Provider>
  );
}
