import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ApiBody, ApiData } from '../../shared/api-types.js';
import { useApiMutation, useApiQuery } from '../api-hooks.js';
import { consoleApi } from '../console-api.js';
import { ErrorNotice } from '../ErrorNotice.js';

const PATH = '/account/settings';
/** The API's bound (400 INVALID_FRAME_ANCESTOR beyond it). */
const MAX_ORIGINS = 20;

/** The origins allowed to frame the embedded signing page and builders (CSP `frame-ancestors`). */
export function EmbeddingSection() {
  const settings = useApiQuery<ApiData<'getAccountSettings'>>(PATH);
  const [origins, setOrigins] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [saved, setSaved] = useState(false);
  const draftId = useId();
  const save = useApiMutation(
    (frameAncestors: string[]) =>
      consoleApi.request('PUT', PATH, { frame_ancestors: frameAncestors } satisfies ApiBody<'updateAccountSettings'>),
    [[PATH]],
  );

  useEffect(() => {
    if (settings.data) setOrigins(settings.data.frame_ancestors);
  }, [settings.data]);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const origin = draft.trim();
    if (origin && !origins.includes(origin)) setOrigins([...origins, origin]);
    setDraft('');
    setSaved(false);
  };

  const removeAt = (index: number) => {
    setOrigins(origins.filter((_, at) => at !== index));
    setSaved(false);
  };

  if (settings.error) return <ErrorNotice error={settings.error} />;
  if (!settings.data) return <p className="loading">Loading…</p>;
  const unchanged = JSON.stringify(origins) === JSON.stringify(settings.data.frame_ancestors);

  return (
    <div className="panel">
      <p className="hint">
        Pages on these origins may show the embedded signing page, template editor and composer in an iframe. Every other site is refused by
        the browser.
      </p>
      {origins.length === 0 ? (
        <p data-testid="no-origins">No origin may frame your pages.</p>
      ) : (
        <ul className="origin-list" data-testid="origins">
          {origins.map((origin, index) => (
            <li key={origin}>
              <code className="mono hash">{origin}</code>
              <button type="button" className="button button-link" aria-label={`Remove ${origin}`} onClick={() => removeAt(index)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="inline-form" onSubmit={add}>
        <div className="inline-form-grow">
          <label className="input-label" htmlFor={draftId}>
            Origin to allow
          </label>
          <input
            id={draftId}
            className="text-input"
            type="url"
            placeholder="https://app.example.com"
            maxLength={255}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <button type="submit" className="button button-secondary" disabled={!draft.trim() || origins.length >= MAX_ORIGINS}>
          Add origin
        </button>
      </form>
      <ErrorNotice error={save.error} />
      {saved && unchanged && (
        <p role="status" className="form-ok" data-testid="origins-saved">
          Saved.
        </p>
      )}
      <button
        type="button"
        className="button button-primary"
        disabled={save.isPending || unchanged}
        onClick={() => save.mutate(origins, { onSuccess: () => setSaved(true) })}
      >
        {save.isPending ? 'Saving…' : 'Save origins'}
      </button>
    </div>
  );
}
