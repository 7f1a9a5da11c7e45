import { useId } from 'react';
import { useT } from '../console/i18n.js';
import { GROUP_MAX } from './group-bounds.js';
import { SignerRoleFields, type HostChoice } from './SignerRoleFields.js';
import { roleLabel, type RoleDraft } from './template-roles.js';

interface RoleWorkflowFieldsProps {
  role: RoleDraft;
  roles: readonly RoleDraft[];
  hosts: readonly HostChoice[] | undefined;
  onChange: (patch: Partial<RoleDraft>) => void;
}

const whole = (value: string, min: number, max: number) => Math.max(min, Math.min(max, Math.round(Number(value) || min)));

/**
 * What a template role asks of the person who fills it: its role (and host or witnessed role), or,
 * for a signing-group role, how many of the members named at sending must sign.
 */
export function RoleWorkflowFields({ role, roles, hosts, onChange }: RoleWorkflowFieldsProps) {
  const w = useT('workflows');
  const e = useT('editor');
  const id = useId();
  const untitled = (number: number) => e('roles.untitled', { number });

  if (role.group) {
    return (
      <div className="signer-options">
        <label className="editor-label">
          {w('group.required')}
          <input
            className="text-input input-narrow"
            type="number"
            min={1}
            max={GROUP_MAX}
            value={role.group.required}
            aria-describedby={`${id}-group`}
            onChange={(event) => onChange({ group: { required: whole(event.target.value, 1, GROUP_MAX) } })}
            data-testid="group-required"
          />
        </label>
        <p id={`${id}-group`} className="hint signer-role-hint">
          {w('group.roleHint', { count: role.group.required })}
        </p>
      </div>
    );
  }

  const targets = roles
    .filter((other) => other.key !== role.key && other.group === null && (other.role === 'signer' || other.role === 'in_person'))
    .map((target) => ({ key: target.key, label: roleLabel(target, roles.indexOf(target), untitled) }));
  return <SignerRoleFields choice={role} hosts={hosts} targets={targets} onChange={onChange} />;
}
