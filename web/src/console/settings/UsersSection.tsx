import { useId, useState, type FormEvent } from 'react';
import type { ApiBody, ApiData } from '../../shared/api-types.js';
import { useApiMutation, useApiQuery } from '../api-hooks.js';
import { consoleApi } from '../console-api.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { useT } from '../i18n.js';
import { useSession } from '../session.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { useFormat } from '../ui/format.js';

type AccountUser = ApiData<'listUsers'>['users'][number];
type Role = AccountUser['role'];

const PATH = '/account/users';

export function UsersSection() {
  const users = useApiQuery<ApiData<'listUsers'>>(PATH);
  const { user: me } = useSession();
  const t = useT('settings');
  const tc = useT('common');
  const format = useFormat();
  const [removing, setRemoving] = useState<AccountUser | null>(null);
  const changeRole = useApiMutation(
    ({ userId, role }: { userId: string; role: Role }) =>
      consoleApi.request('PUT', `${PATH}/${encodeURIComponent(userId)}`, { role } satisfies ApiBody<'updateUser'>),
    [[PATH]],
  );
  const remove = useApiMutation((userId: string) => consoleApi.request('DELETE', `${PATH}/${encodeURIComponent(userId)}`), [[PATH]]);

  return (
    <>
      <p className="hint">{t('users.intro')}</p>
      <InviteForm />
      <ErrorNotice error={users.error ?? changeRole.error} />
      {users.data && (
        <div className="table-wrap">
          <table className="data-table cards-on-narrow" data-testid="user-table">
            <caption className="visually-hidden">{t('users.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('users.name')}</th>
                <th scope="col">{t('users.email')}</th>
                <th scope="col">{t('users.role')}</th>
                <th scope="col">{t('users.added')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.users.map((person) => (
                <tr key={person.user_id} data-testid="user-row">
                  <td data-label={t('users.name')}>
                    {person.name}
                    {person.is_owner && <span className="hint"> {t('users.owner')}</span>}
                    {person.user_id === me.user_id && <span className="hint"> {t('users.you')}</span>}
                  </td>
                  <td data-label={t('users.email')} className="cell-wrap">
                    {person.email}
                  </td>
                  <td data-label={t('users.role')}>
                    {person.is_owner ? (
                      tc(`role.${person.role}`)
                    ) : (
                      <select
                        className="text-input select-compact"
                        aria-label={t('users.roleOf', { name: person.name })}
                        value={person.role}
                        disabled={changeRole.isPending}
                        onChange={(event) => changeRole.mutate({ userId: person.user_id, role: event.target.value as Role })}
                      >
                        <option value="admin">{tc('role.admin')}</option>
                        <option value="sender">{tc('role.sender')}</option>
                      </select>
                    )}
                  </td>
                  <td data-label={t('users.added')}>{format.date(person.created_at)}</td>
                  <td>
                    {!person.is_owner && (
                      <button
                        type="button"
                        className="button button-secondary button-small"
                        aria-label={t('users.removeWho', { name: person.name })}
                        onClick={() => {
                          remove.reset();
                          setRemoving(person);
                        }}
                      >
                        {t('users.remove')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {removing && (
        <ConfirmDialog
          title={t('users.removeTitle', { name: removing.name })}
          confirmLabel={t('users.remove')}
          danger
          busy={remove.isPending}
          error={remove.error}
          onClose={() => setRemoving(null)}
          onConfirm={() => remove.mutate(removing.user_id, { onSuccess: () => setRemoving(null) })}
        >
          <p>{t('users.removeText', { email: removing.email })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

function InviteForm() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('sender');
  const [invited, setInvited] = useState<string | null>(null);
  const nameId = useId();
  const emailId = useId();
  const roleId = useId();
  const t = useT('settings');
  const tc = useT('common');
  const invite = useApiMutation((body: ApiBody<'inviteUser'>) => consoleApi.request('POST', PATH, body), [[PATH]]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setInvited(null);
    invite.mutate(
      { email: email.trim(), name: name.trim(), role },
      {
        onSuccess: () => {
          setInvited(t('users.invited', { email: email.trim() }));
          setName('');
          setEmail('');
        },
      },
    );
  };

  return (
    <form className="panel" onSubmit={submit} aria-labelledby="invite-title">
      <h3 id="invite-title" className="panel-title">
        {t('users.inviteTitle')}
      </h3>
      <div className="form-row">
        <div className="field">
          <label className="input-label" htmlFor={nameId}>
            {t('users.name')}
          </label>
          <input
            id={nameId}
            className="text-input"
            required
            maxLength={200}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div className="field">
          <label className="input-label" htmlFor={emailId}>
            {t('users.emailAddress')}
          </label>
          <input
            id={emailId}
            className="text-input"
            type="email"
            required
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="field">
          <label className="input-label" htmlFor={roleId}>
            {t('users.role')}
          </label>
          <select id={roleId} className="text-input" value={role} onChange={(event) => setRole(event.target.value as Role)}>
            <option value="sender">{tc('role.sender')}</option>
            <option value="admin">{tc('role.admin')}</option>
          </select>
        </div>
      </div>
      <ErrorNotice error={invite.error} />
      {invited && (
        <p role="status" className="form-ok" data-testid="invited">
          {invited}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={invite.isPending || !name.trim() || !email.trim()}>
        {invite.isPending ? t('users.inviting') : t('users.invite')}
      </button>
    </form>
  );
}
