import { useT } from '../console/i18n.js';
import { newKey } from './field-model.js';
import { RoleWorkflowFields } from './RoleWorkflowFields.js';
import type { HostChoice } from './SignerRoleFields.js';
import { SignerSwatch } from './SignerSwatch.js';
import type { ObserverRoleDraft, RoleDraft } from './template-roles.js';
import './workflow-forms.css';

interface RolesFormProps {
  roles: RoleDraft[];
  onRoles: (roles: RoleDraft[]) => void;
  observers: ObserverRoleDraft[];
  onObservers: (observers: ObserverRoleDraft[]) => void;
  /** The account users who may host an in-person role; without them (embedded builders) the host is typed. */
  hosts?: readonly HostChoice[];
}

export const newRole = (order: number, title = ''): RoleDraft => ({
  key: newKey(),
  title,
  order,
  kept: [],
  role: 'signer',
  hostEmail: '',
  witnessFor: '',
  group: null,
});

/** A template's signer roles (title and signing order, in the colour their fields wear) and observer roles. */
export function RolesForm({ roles, onRoles, observers, onObservers, hosts }: RolesFormProps) {
  const t = useT('editor');
  const w = useT('workflows');
  const nextOrder = Math.max(0, ...roles.map((role) => role.order)) + 1;
  const setRole = (key: string, patch: Partial<RoleDraft>) =>
    onRoles(roles.map((role) => (role.key === key ? { ...role, ...patch } : role)));
  return (
    <>
      <fieldset className="form-fieldset">
        <legend>{t('roles.signerRoles')}</legend>
        <p className="hint">{t('roles.hint')}</p>
        <ol className="recipient-list signer-entries">
          {roles.map((role, index) => (
            <li key={role.key} className="signer-entry" data-testid="role-row">
              <div className="recipient-row role-row">
                <label className="editor-label">
                  <SignerSwatch index={index} />
                  {role.group ? w('group.name') : t('roles.title')}
                  <input
                    className="text-input"
                    value={role.title}
                    maxLength={100}
                    onChange={(e) => setRole(role.key, { title: e.target.value })}
                  />
                </label>
                <label className="editor-label recipient-order">
                  {t('roles.order')}
                  <input
                    className="text-input"
                    type="number"
                    min={1}
                    max={1000}
                    value={role.order}
                    onChange={(e) => setRole(role.key, { order: Math.max(1, Math.min(1000, Math.round(Number(e.target.value) || 1))) })}
                  />
                </label>
                <button
                  type="button"
                  className="button button-link recipient-remove"
                  disabled={roles.length === 1}
                  aria-label={t('roles.removeRole', { number: index + 1 })}
                  onClick={() => onRoles(roles.filter((candidate) => candidate.key !== role.key))}
                >
                  {t('roles.remove')}
                </button>
              </div>
              <RoleWorkflowFields role={role} roles={roles} hosts={hosts} onChange={(patch) => setRole(role.key, patch)} />
            </li>
          ))}
        </ol>
        <div className="entry-actions">
          <button
            type="button"
            className="button button-secondary"
            disabled={roles.length >= 50}
            onClick={() => onRoles([...roles, newRole(nextOrder)])}
          >
            {t('roles.add')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={roles.length >= 50}
            onClick={() => onRoles([...roles, { ...newRole(nextOrder), group: { required: 1 } }])}
            data-testid="add-group-role"
          >
            {w('group.addRole')}
          </button>
        </div>
      </fieldset>
      <fieldset className="form-fieldset">
        <legend>{t('roles.observerRoles')}</legend>
        {observers.length > 0 && (
          <ol className="recipient-list">
            {observers.map((observer, index) => (
              <li key={observer.key} className="recipient-row role-row">
                <label className="editor-label">
                  {t('roles.title')}
                  <input
                    className="text-input"
                    value={observer.title}
                    maxLength={100}
                    onChange={(e) => onObservers(observers.map((o) => (o.key === observer.key ? { ...o, title: e.target.value } : o)))}
                  />
                </label>
                <button
                  type="button"
                  className="button button-link recipient-remove"
                  aria-label={t('roles.removeObserverRole', { number: index + 1 })}
                  onClick={() => onObservers(observers.filter((o) => o.key !== observer.key))}
                >
                  {t('roles.remove')}
                </button>
              </li>
            ))}
          </ol>
        )}
        <button
          type="button"
          className="button button-secondary"
          disabled={observers.length >= 50}
          onClick={() => onObservers([...observers, { key: newKey(), title: '' }])}
        >
          {t('roles.addObserver')}
        </button>
      </fieldset>
    </>
  );
}
