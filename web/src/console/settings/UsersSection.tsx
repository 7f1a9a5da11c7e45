import { useId, useState, type FormEvent } from 'react';
import type { ApiBody, ApiData } from '../../shared/api-types.js';
import { useApiMutation, useApiQuery } from '../api-hooks.js';
import { consoleApi } from '../console-api.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { useSession } from '../session.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { formatDate } from '../ui/format.js';

type AccountUser = ApiData<'listUsers'>['users'][number];
type Role = AccountUser['role'];

const PATH = '/account/users';

export function UsersSection() {
  const users = useApiQuery<ApiData<'listUsers'>>(PATH);
  const { user: me } = useSession();
  const [removing, setRemoving] = useState<AccountUser | null>(null);
  const changeRole = useApiMutation(
    ({ userId, role }: { userId: string; role: Role }) =>
      consoleApi.request('PUT', `${PATH}/${encodeURIComponent(userId)}`, { role } satisfies ApiBody<'updateUser'>),
    [[PATH]],
  );
  const remove = useApiMutation((userId: string) => consoleApi.request('DELETE', `${PATH}/${encodeURIComponent(userId)}`), [[PATH]]);

  return (
    <>
      <p className="hint">
        People sign in with a link mailed to them; there are no passwords. Admins manage everything here; senders send envelopes and manage
        templates.
      </p>
      <InviteForm />
      <ErrorNotice error={users.error ?? changeRole.error} />
      {users.data && (
        <div className="table-wrap">
          <table className="data-table cards-on-narrow" data-testid="user-table">
            <caption className="visually-hidden">The account's users</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Added</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.users.map((person) => (
                <tr key={person.user_id} data-testid="user-row">
                  <td data-label="Name">
                    {person.name}
                    {person.is_owner && <span className="hint"> (owner)</span>}
                    {person.user_id === me.user_id && <span className="hint"> (you)</span>}
                  </td>
                  <td data-label="E-mail" className="cell-wrap">
                    {person.email}
                  </td>
                  <td data-label="Role">
                    {person.is_owner ? (
                      person.role
                    ) : (
                      <select
                        className="text-input select-compact"
                        aria-label={`Role of ${person.name}`}
                        value={person.role}
                        disabled={changeRole.isPending}
                        onChange={(event) => changeRole.mutate({ userId: person.user_id, role: event.target.value as Role })}
                      >
                        <option value="admin">admin</option>
                        <option value="sender">sender</option>
                      </select>
                    )}
                  </td>
                  <td data-label="Added">{formatDate(person.created_at)}</td>
                  <td>
                    {!person.is_owner && (
                      <button
                        type="button"
                        className="button button-secondary button-small"
                        aria-label={`Remove ${person.name}`}
                        onClick={() => {
                          remove.reset();
                          setRemoving(person);
                        }}
                      >
                        Remove
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
          title={`Remove ${removing.name}?`}
          confirmLabel="Remove"
          danger
          busy={remove.isPending}
          error={remove.error}
          onClose={() => setRemoving(null)}
          onConfirm={() => remove.mutate(removing.user_id, { onSuccess: () => setRemoving(null) })}
        >
          <p>{removing.email} is signed out everywhere and can no longer sign in. The envelopes they sent stay.</p>
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
  const invite = useApiMutation((body: ApiBody<'inviteUser'>) => consoleApi.request('POST', PATH, body), [[PATH]]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setInvited(null);
    invite.mutate(
      { email: email.trim(), name: name.trim(), role },
      {
        onSuccess: () => {
          setInvited(`${email.trim()} was invited: a sign-in link is on its way.`);
          setName('');
          setEmail('');
        },
      },
    );
  };

  return (
    <form className="panel" onSubmit={submit} aria-labelledby="invite-title">
      <h3 id="invite-title" className="panel-title">
        Invite a person
      </h3>
      <div className="form-row">
        <div className="field">
          <label className="input-label" htmlFor={nameId}>
            Name
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
            E-mail address
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
            Role
          </label>
          <select id={roleId} className="text-input" value={role} onChange={(event) => setRole(event.target.value as Role)}>
            <option value="sender">sender</option>
            <option value="admin">admin</option>
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
        {invite.isPending ? 'Inviting…' : 'Invite'}
      </button>
    </form>
  );
}
