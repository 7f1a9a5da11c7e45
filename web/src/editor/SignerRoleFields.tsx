import { useId } from 'react';
import { SIGNER_ROLES, type SignerRole } from '../../../src/domain/signer-role.js';
import { useT } from '../console/i18n.js';

/** An account user who may host an in-person signing. */
export interface HostChoice {
  email: string;
  name: string;
}

/** A signer a witness may be named for, labelled as the form names them. */
export interface WitnessTarget {
  key: string;
  label: string;
}

/** A signer's role, with its host (in_person) or the key of the signer witnessed (witness); '' when the role needs neither. */
export interface RoleChoice {
  role: SignerRole;
  hostEmail: string;
  witnessFor: string;
}

interface SignerRoleFieldsProps {
  choice: RoleChoice;
  /** The users who may host; undefined when they cannot be listed, and the host's address is typed instead. */
  hosts: readonly HostChoice[] | undefined;
  targets: readonly WitnessTarget[];
  onChange: (choice: RoleChoice) => void;
}

/** The role select with what the chosen role needs: the in-person host, or the signer witnessed. Shared by the composer and the template editor. */
export function SignerRoleFields({ choice, hosts, targets, onChange }: SignerRoleFieldsProps) {
  const w = useT('workflows');
  const id = useId();
  const set = (patch: Partial<RoleChoice>) => onChange({ ...choice, ...patch });
  // A role that needs a host or a witnessed signer starts with the first one, so the choice is never left empty.
  const setRole = (role: SignerRole) =>
    onChange({
      role,
      hostEmail: role === 'in_person' ? choice.hostEmail || (hosts?.[0]?.email ?? '') : '',
      witnessFor: role === 'witness' ? choice.witnessFor || (targets[0]?.key ?? '') : '',
    });

  return (
    <div className="signer-options">
      <label className="editor-label">
        {w('role.label')}
        <select
          className="text-input"
          value={choice.role}
          onChange={(event) => setRole(event.target.value as SignerRole)}
          aria-describedby={`${id}-role`}
          data-testid="signer-role"
        >
          {SIGNER_ROLES.map((role) => (
            <option key={role} value={role}>
              {w(`role.${role}`)}
            </option>
          ))}
        </select>
      </label>
      {choice.role === 'in_person' &&
        (hosts ? (
          <label className="editor-label">
            {w('host.label')}
            <select
              className="text-input"
              value={choice.hostEmail}
              onChange={(event) => set({ hostEmail: event.target.value })}
              data-testid="signer-host"
            >
              {hosts.map((host) => (
                <option key={host.email} value={host.email}>
                  {host.name ? `${host.name} (${host.email})` : host.email}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <label className="editor-label">
            {w('host.email')}
            <input
              className="text-input"
              type="email"
              maxLength={254}
              value={choice.hostEmail}
              onChange={(event) => set({ hostEmail: event.target.value })}
              data-testid="signer-host"
            />
          </label>
        ))}
      {choice.role === 'witness' && (
        <label className="editor-label">
          {w('witness.for')}
          <select
            className="text-input"
            value={choice.witnessFor}
            onChange={(event) => set({ witnessFor: event.target.value })}
            data-testid="signer-witness-for"
          >
            {!targets.some((target) => target.key === choice.witnessFor) && <option value="">{w('witness.choose')}</option>}
            {targets.map((target) => (
              <option key={target.key} value={target.key}>
                {target.label}
              </option>
            ))}
          </select>
        </label>
      )}
      <p id={`${id}-role`} className="hint signer-role-hint">
        {w(`role.hint.${choice.role}`)}
      </p>
    </div>
  );
}
