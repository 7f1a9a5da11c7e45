import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ApiBody, ApiData } from '../../shared/api-types.js';
import { useApiMutation, useApiQuery } from '../api-hooks.js';
import { consoleApi } from '../console-api.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { useT } from '../i18n.js';

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
  const t = useT('settings');
  const tc = useT('common');
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
  if (!settings.data) return <p className="loading">{tc('loading')}</p>;
  const unchanged = JSON.stringify(origins) === JSON.stringify(settings.data.frame_ancestors);

  return (
    <div className="panel">
      <p className="hint">{t('embedding.intro')}</p>
      {origins.length === 0 ? (
        <p data-testid="no-origins">{t('embedding.none')}</p>
      ) : (
        <ul className="origin-list" data-testid="origins">
          {origins.map((origin, index) => (
            <li key={origin}>
              <code className="mono hash">{origin}</code>
              <button
                type="button"
                className="button button-link"
                aria-label={t('embedding.removeWho', { origin })}
                onClick={() => removeAt(index)}
              >
                {t('embedding.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="inline-form" onSubmit={add}>
        <div className="inline-form-grow">
          <label className="input-label" htmlFor={draftId}>
            {t('embedding.origin')}
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
          {t('embedding.add')}
        </button>
      </form>
      <ErrorNotice error={save.error} />
      {saved && unchanged && (
        <p role="status" className="form-ok" data-testid="origins-saved">
          {t('embedding.saved')}
        </p>
      )}
      <button
        type="button"
        className="button button-primary"
        disabled={save.isPending || unchanged}
        onClick={() => save.mutate(origins, { onSuccess: () => setSaved(true) })}
      >
        {save.isPending ? t('embedding.saving') : t('embedding.save')}
      </button>
    </div>
  );
}
