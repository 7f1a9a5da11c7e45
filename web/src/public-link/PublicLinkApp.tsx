import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ApiFailure } from '../shared/api-failure.js';
import { browserLanguage, ENGLISH, loadTranslation, type Translation } from '../sign/i18n.js';
import { askForCode, describeLink, proveAddress, type LinkDescription } from './public-link-api.js';

type Step =
  { kind: 'loading' } | { kind: 'missing' } | { kind: 'closed'; reason: string } | { kind: 'details' } | { kind: 'code'; email: string };

const PROBLEMS = ['INVALID_CODE', 'CODE_EXPIRED', 'CODE_TOO_SOON', 'RATE_LIMITED', 'RECIPIENT_NAME_REQUIRED', 'INVALID_EMAIL'];

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="setup">
      <div className="setup-card panel">
        <p className="brand setup-brand">Countersign</p>
        <h1 className="setup-title">{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** The page of a public link (`/p/{slug}`): name and address, the mailed code, then on to the signing page. */
export function PublicLinkApp({ slug }: { slug: string }) {
  const [{ t, language }, setTranslation] = useState<Translation>(ENGLISH);
  const [link, setLink] = useState<LinkDescription | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const problemRef = useRef<HTMLParagraphElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void loadTranslation(browserLanguage()).then(setTranslation);
    describeLink(slug)
      .then((described) => {
        setLink(described);
        setStep(described.open ? { kind: 'details' } : { kind: 'closed', reason: described.closed_reason ?? 'disabled' });
      })
      .catch(() => setStep({ kind: 'missing' }));
  }, [slug]);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  useEffect(() => problemRef.current?.focus(), [problem]);
  useEffect(() => {
    if (step.kind === 'code') codeRef.current?.focus();
  }, [step.kind]);

  const refusal = (error: unknown): string => {
    const failure = error as ApiFailure;
    if (failure.hasCode?.('PUBLIC_LINK_CLOSED') || failure.hasCode?.('PUBLIC_LINK_NOT_FOUND')) {
      // The link closed while the visitor was on the page: the description says why.
      describeLink(slug)
        .then((described) => setStep({ kind: 'closed', reason: described.closed_reason ?? 'disabled' }))
        .catch(() => setStep({ kind: 'missing' }));
      return '';
    }
    const known = PROBLEMS.find((candidate) => failure.hasCode?.(candidate));
    if (known) return t(`public_link.page.problem.${known}`);
    return failure.status === 400
      ? (failure.errors[0]?.developer_message ?? t('public_link.page.problem.generic'))
      : t('public_link.page.problem.generic');
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(refusal(error) || null);
    } finally {
      setBusy(false);
    }
  };

  const sendCode = (event?: FormEvent) => {
    event?.preventDefault();
    void run(async () => {
      await askForCode(slug, { name, email, language });
      setCode('');
      setStep({ kind: 'code', email });
    });
  };

  const verify = (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'code') return;
    void run(async () => {
      const started = await proveAddress(slug, { email: step.email, code });
      window.location.assign(new URL(started.url).pathname);
    });
  };

  if (step.kind === 'loading') return <Card title={t('public_link.page.loading')}>{null}</Card>;
  if (step.kind === 'missing')
    return (
      <Card title={t('public_link.page.notFoundTitle')}>
        <p>{t('public_link.page.notFound')}</p>
      </Card>
    );
  if (step.kind === 'closed')
    return (
      <Card title={t('public_link.page.closedTitle')}>
        <p>{t(`public_link.page.closed.${step.reason}`)}</p>
        <p className="hint">{t('public_link.page.closedHint')}</p>
      </Card>
    );

  const problemLine = problem && (
    <p id="public-link-problem" className="form-error" role="alert" tabIndex={-1} ref={problemRef}>
      {problem}
    </p>
  );

  return (
    <Card title={t('public_link.page.title', { document: link?.template_name ?? '' })}>
      <p className="public-link-from">{t('public_link.page.from', { account: link?.account_name ?? '' })}</p>
      {step.kind === 'details' ? (
        <form onSubmit={sendCode} noValidate>
          <p>{t('public_link.page.intro')}</p>
          {problemLine}
          <div className="setup-field">
            <label className="input-label" htmlFor="public-link-name">
              {t('public_link.page.name')}
            </label>
            <input
              id="public-link-name"
              className="text-input"
              autoComplete="name"
              required
              maxLength={255}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <div className="setup-field">
            <label className="input-label" htmlFor="public-link-email">
              {t('public_link.page.email')}
            </label>
            <input
              id="public-link-email"
              className="text-input"
              type="email"
              autoComplete="email"
              required
              maxLength={320}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <button type="submit" className="button button-primary setup-submit" disabled={busy}>
            {busy ? t('public_link.page.sending') : t('public_link.page.sendCode')}
          </button>
        </form>
      ) : (
        <form onSubmit={verify} noValidate>
          <p role="status">{t('public_link.page.codeSent', { email: step.email })}</p>
          {problemLine}
          <div className="setup-field">
            <label className="input-label" htmlFor="public-link-code">
              {t('public_link.page.code')}
            </label>
            <input
              id="public-link-code"
              ref={codeRef}
              className="text-input public-link-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              required
              maxLength={6}
              aria-describedby={problem ? 'public-link-problem' : undefined}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            />
          </div>
          <button type="submit" className="button button-primary setup-submit" disabled={busy || code.length !== 6}>
            {busy ? t('public_link.page.verifying') : t('public_link.page.verify')}
          </button>
          <div className="public-link-actions">
            <button type="button" className="button button-secondary" disabled={busy} onClick={() => sendCode()}>
              {t('public_link.page.resend')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => {
                setProblem(null);
                setStep({ kind: 'details' });
              }}
            >
              {t('public_link.page.otherAddress')}
            </button>
          </div>
        </form>
      )}
    </Card>
  );
}
