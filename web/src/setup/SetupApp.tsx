import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ApiFailure } from '../shared/api-failure.js';
import { completeSetup } from './setup-api.js';
import type { SetupState } from './setup-state.js';

const PASSWORD_RULES = [
  '12 to 256 characters',
  'not mostly your name or e-mail address',
  'not a common password, also not one with digits or symbols added',
];

type FieldName = 'organisation_name' | 'owner.name' | 'owner.email' | 'owner.password';

const FIELDS: { name: FieldName; label: string; type: string; autoComplete: string }[] = [
  { name: 'organisation_name', label: 'Organisation name', type: 'text', autoComplete: 'organization' },
  { name: 'owner.name', label: 'Your name', type: 'text', autoComplete: 'name' },
  { name: 'owner.email', label: 'Your e-mail address', type: 'email', autoComplete: 'email' },
  { name: 'owner.password', label: 'Password', type: 'password', autoComplete: 'new-password' },
];

const fieldId = (name: FieldName) => `setup-${name.replace('.', '-')}`;

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

function Completed() {
  return (
    <Card title="Countersign is set up">
      <p>This installation already has an account, so this setup link does nothing any more.</p>
      <p>
        <a className="button button-primary setup-submit" href="/">
          Sign in to the console
        </a>
      </p>
    </Card>
  );
}

function InvalidLink() {
  return (
    <Card title="This setup link is not valid">
      <p>It is not the link the server printed when it last started, or it was copied incompletely.</p>
      <p className="hint">
        Each start of the server prints a new setup URL (the line <code>setup:</code>) while there is no account. Restart the server, or
        open the URL of its last start.
      </p>
    </Card>
  );
}

/** The first run: the organisation and its owner, then on to the console with the owner signed in. */
export function SetupApp({ token, initialState }: { token: string; initialState: SetupState }) {
  const [state, setState] = useState<SetupState>(initialState);
  const [values, setValues] = useState<Record<FieldName, string>>({
    organisation_name: '',
    'owner.name': '',
    'owner.email': '',
    'owner.password': '',
  });
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  // The problems are listed above the form; focus goes there so that a screen reader reads them at once.
  useEffect(() => summary.current?.focus(), [failure]);

  if (state === 'completed') return <Completed />;
  if (state === 'invalid') return <InvalidLink />;

  const problemsOf = (name: FieldName) => failure?.errors.filter((error) => error.field === name) ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await completeSetup({
        setup_token: token,
        organisation_name: values.organisation_name,
        owner: { name: values['owner.name'], email: values['owner.email'], password: values['owner.password'] },
      });
      window.location.assign('/');
    } catch (error) {
      const apiFailure = error as ApiFailure;
      if (apiFailure.hasCode('SETUP_COMPLETED')) setState('completed');
      else if (apiFailure.hasCode('INVALID_SETUP_TOKEN')) setState('invalid');
      else {
        setFailure(apiFailure);
        setBusy(false);
      }
    }
  };

  return (
    <Card title="Set up Countersign">
      <p>Create your organisation's account. You become its owner and can invite your colleagues from the console.</p>
      <form onSubmit={submit} noValidate>
        {failure && (
          <div className="setup-problems" role="alert" tabIndex={-1} ref={summary}>
            <p className="setup-problems-title">{failure.errors.length > 1 ? 'Please correct these:' : 'Please correct this:'}</p>
            <ul>
              {failure.errors.map((error, index) => (
                <li key={index}>{error.developer_message}</li>
              ))}
            </ul>
          </div>
        )}
        {FIELDS.map((field) => {
          const problems = problemsOf(field.name);
          const id = fieldId(field.name);
          const describedBy = [field.name === 'owner.password' ? `${id}-rules` : '', problems.length ? `${id}-problem` : '']
            .filter(Boolean)
            .join(' ');
          return (
            <div className="setup-field" key={field.name}>
              <label className="input-label" htmlFor={id}>
                {field.label}
              </label>
              <input
                id={id}
                className="text-input"
                type={field.type}
                autoComplete={field.autoComplete}
                required
                maxLength={field.name === 'owner.password' ? 256 : 255}
                aria-invalid={problems.length > 0 || undefined}
                aria-describedby={describedBy || undefined}
                value={values[field.name]}
                onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
              />
              {field.name === 'owner.password' && (
                <div id={`${id}-rules`} className="hint">
                  The password must be:
                  <ul className="setup-rules">
                    {PASSWORD_RULES.map((rule) => (
                      <li key={rule}>{rule}</li>
                    ))}
                  </ul>
                  A few unrelated words make a good one.
                </div>
              )}
              {problems.length > 0 && (
                <p id={`${id}-problem`} className="form-error">
                  {problems[0]!.error_code === 'WEAK_PASSWORD' ? 'This password is refused: see above.' : problems[0]!.developer_message}
                </p>
              )}
            </div>
          );
        })}
        <button type="submit" className="button button-primary setup-submit" disabled={busy}>
          {busy ? 'Setting up…' : 'Create the account'}
        </button>
      </form>
    </Card>
  );
}
