import { useEffect, useId, useState } from 'react';
import type { TemplateDetail } from '../../editor/template-roles.js';
import type { ApiFailure } from '../../shared/api-failure.js';
import type { ApiBody, ApiData } from '../../shared/api-types.js';
import { useApiMutation, useApiQuery } from '../api-hooks.js';
import { consoleApi } from '../console-api.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { useLanguage, useT } from '../i18n.js';
import { useFormat } from '../ui/format.js';
import './public-link.css';

interface LinkPerson {
  name: string;
  email: string;
}

/** A template's public link as GET/POST /templates/{id}/public_link answer it. */
type PublicLink = ApiData<'getPublicLink'>;

interface LinkDraft {
  enabled: boolean;
  role: string;
  maxUses: string;
  /** A date input's value: the link closes at the end of that day. */
  expires: string;
  signers: Record<string, LinkPerson>;
  observers: Record<string, LinkPerson>;
}

const dayOf = (iso: string | null): string => {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

const draftOf = (template: TemplateDetail, link: PublicLink | null): LinkDraft => {
  const person = (found: LinkPerson | undefined): LinkPerson => ({ name: found?.name ?? '', email: found?.email ?? '' });
  return {
    enabled: link?.enabled ?? true,
    role: link?.role ?? template.roles.signers[0]?.signer_title ?? '',
    maxUses: link?.max_uses ? String(link.max_uses) : '',
    expires: dayOf(link?.expires_at ?? null),
    signers: Object.fromEntries(
      template.roles.signers.map((role) => [
        role.signer_title,
        person(link?.recipients.signers.find((s) => s.signer_title === role.signer_title)),
      ]),
    ),
    observers: Object.fromEntries(
      template.roles.observers.map((role) => [
        role.observer_title,
        person(link?.recipients.observers.find((o) => o.observer_title === role.observer_title)),
      ]),
    ),
  };
};

/**
 * The template's public link: anyone with the address fills one role (after proving their e-mail),
 * each use making an envelope whose other roles go to the people given here.
 */
export function PublicLinkPanel({ template }: { template: TemplateDetail }) {
  const w = useT('workflows');
  const id = useId();
  const format = useFormat();
  const { language } = useLanguage();
  const path = `/templates/${encodeURIComponent(template.template_id)}/public_link`;
  const link = useApiQuery<PublicLink>(path);
  const missing = link.error?.code === 'PUBLIC_LINK_NOT_FOUND';
  const current = link.data ?? null;
  const [draft, setDraft] = useState<LinkDraft | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!draft && (link.data || missing)) setDraft(draftOf(template, link.data ?? null));
  }, [draft, link.data, missing, template]);

  const save = useApiMutation(
    async (body: Record<string, unknown>) => {
      const saved = await consoleApi.request<PublicLink>('POST', path, body);
      setDraft(draftOf(template, saved));
      return saved;
    },
    [[path]],
  );

  if (link.isPending) return <p className="loading">{w('publicLink.loading')}</p>;
  if (link.error && !missing) return <ErrorNotice error={link.error} />;
  if (!draft) return null;

  const set = (patch: Partial<LinkDraft>) => setDraft({ ...draft, ...patch });
  const others = template.roles.signers.filter((role) => role.signer_title !== draft.role);
  const body: ApiBody<'savePublicLink'> = {
    enabled: draft.enabled,
    role: draft.role,
    max_uses: draft.maxUses ? Math.max(1, Math.round(Number(draft.maxUses))) : null,
    expires_at: draft.expires ? new Date(`${draft.expires}T23:59:59`).toISOString() : null,
    recipients: {
      signers: others.map((role) => ({
        signer_title: role.signer_title,
        name: draft.signers[role.signer_title]?.name.trim() ?? '',
        email: draft.signers[role.signer_title]?.email.trim() ?? '',
      })),
      observers: template.roles.observers.flatMap((role) => {
        const person = draft.observers[role.observer_title];
        return person?.email.trim() ? [{ observer_title: role.observer_title, name: person.name.trim(), email: person.email.trim() }] : [];
      }),
    },
  };

  const copy = async () => {
    if (!current) return;
    await navigator.clipboard?.writeText(current.url).catch(() => undefined);
    setCopied(true);
  };

  const personInputs = (title: string, person: LinkPerson | undefined, onChange: (person: LinkPerson) => void, required: boolean) => (
    <fieldset key={title} className="form-fieldset" data-testid="public-link-role">
      <legend>{title}</legend>
      <div className="recipient-row role-fill-row">
        <label className="editor-label">
          {w('publicLink.name')}
          <input
            className="text-input"
            value={person?.name ?? ''}
            maxLength={255}
            required={required}
            onChange={(event) => onChange({ email: person?.email ?? '', name: event.target.value })}
          />
        </label>
        <label className="editor-label">
          {w('publicLink.email')}
          <input
            className="text-input"
            type="email"
            value={person?.email ?? ''}
            maxLength={254}
            required={required}
            onChange={(event) => onChange({ name: person?.name ?? '', email: event.target.value })}
          />
        </label>
      </div>
    </fieldset>
  );

  return (
    <section className="panel" aria-labelledby={`${id}-title`} data-testid="public-link-panel">
      <h2 id={`${id}-title`} className="panel-title">
        {w('publicLink.title')}
      </h2>
      <p className="hint">{w('publicLink.intro')}</p>
      {current && (
        <div className="public-link-url">
          <p>
            <span className="public-link-state">{current.enabled ? w('publicLink.on') : w('publicLink.off')}</span>{' '}
            <a href={current.url} data-testid="public-link-url" target="_blank" rel="noreferrer">
              {current.url}
            </a>
          </p>
          <button type="button" className="button button-secondary button-small" onClick={() => void copy()} data-testid="copy-public-link">
            {w('publicLink.copy')}
          </button>
          <span role="status" className="hint">
            {copied ? w('publicLink.copied') : ''}
          </span>
          <p className="hint" data-testid="public-link-uses">
            {current.max_uses
              ? w('publicLink.usesOf', { count: current.uses, max: new Intl.NumberFormat(language).format(current.max_uses) })
              : w('publicLink.uses', { count: current.uses })}
            {current.expires_at ? ` · ${w('publicLink.expiresAt', { date: format.dateTime(current.expires_at) })}` : ''}
          </p>
        </div>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(body);
        }}
      >
        <label className="editor-check">
          <input
            type="checkbox"
            checked={draft.enabled}
            onChange={(event) => set({ enabled: event.target.checked })}
            data-testid="public-link-enabled"
          />
          {w('publicLink.enabled')}
        </label>
        <div className="settings-row">
          <label className="editor-label">
            {w('publicLink.role')}
            <select
              className="text-input"
              value={draft.role}
              onChange={(event) => set({ role: event.target.value })}
              data-testid="public-link-role-choice"
            >
              {template.roles.signers.map((role) => (
                <option key={role.signer_title} value={role.signer_title}>
                  {role.signer_title}
                </option>
              ))}
            </select>
          </label>
          <label className="editor-label">
            {w('publicLink.maxUses')}
            <input
              className="text-input input-narrow"
              type="number"
              min={1}
              max={1_000_000}
              value={draft.maxUses}
              onChange={(event) => set({ maxUses: event.target.value })}
              data-testid="public-link-max-uses"
            />
          </label>
          <label className="editor-label">
            {w('publicLink.expires')}
            <input
              className="text-input"
              type="date"
              value={draft.expires}
              onChange={(event) => set({ expires: event.target.value })}
              data-testid="public-link-expires"
            />
          </label>
        </div>
        {(others.length > 0 || template.roles.observers.length > 0) && <p className="hint">{w('publicLink.othersHint')}</p>}
        {others.map((role) =>
          personInputs(
            role.signer_title,
            draft.signers[role.signer_title],
            (person) => set({ signers: { ...draft.signers, [role.signer_title]: person } }),
            true,
          ),
        )}
        {template.roles.observers.map((role) =>
          personInputs(
            w('publicLink.observer', { title: role.observer_title }),
            draft.observers[role.observer_title],
            (person) => set({ observers: { ...draft.observers, [role.observer_title]: person } }),
            false,
          ),
        )}
        <ErrorNotice error={save.error as ApiFailure | null} />
        <p className="saved-status" role="status">
          {save.isSuccess ? w('publicLink.saved') : ''}
        </p>
        <button type="submit" className="button button-primary" disabled={save.isPending || !draft.role} data-testid="save-public-link">
          {save.isPending ? w('publicLink.saving') : current ? w('publicLink.save') : w('publicLink.create')}
        </button>
      </form>
    </section>
  );
}
