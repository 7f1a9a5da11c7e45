import { useId } from 'react';
import { SignerRoleFields, type HostChoice } from '../../editor/SignerRoleFields.js';
import { SignerSwatch } from '../../editor/SignerSwatch.js';
import { useT } from '../i18n.js';
import { PersonFields } from './PersonFields.js';
import { GROUP_MAX, GROUP_MIN, newPerson, witnessable, type GroupDraft, type SignerDraft } from './signer-drafts.js';

interface SignerEntryProps {
  signer: SignerDraft;
  index: number;
  signers: readonly SignerDraft[];
  ordered: boolean;
  hosts: readonly HostChoice[];
  onChange: (signer: SignerDraft) => void;
  /** Null when this is the only entry. */
  onRemove: (() => void) | null;
}

const whole = (value: string, min: number, max: number) => Math.max(min, Math.min(max, Math.round(Number(value) || min)));

function OrderInput({ order, onChange }: { order: number; onChange: (order: number) => void }) {
  const t = useT('composer');
  return (
    <label className="editor-label recipient-order">
      {t('signers.order')}
      <input
        className="text-input"
        type="number"
        min={1}
        max={1000}
        value={order}
        onChange={(e) => onChange(whole(e.target.value, 1, 1000))}
      />
    </label>
  );
}

/** One signer entry: a person with their role (and host or witnessed signer), or a signing group. */
export function SignerEntry(props: SignerEntryProps) {
  return props.signer.group ? <GroupEntry {...props} group={props.signer.group} /> : <PersonEntry {...props} />;
}

function PersonEntry({ signer, index, signers, ordered, hosts, onChange, onRemove }: SignerEntryProps) {
  const t = useT('composer');
  const set = (patch: Partial<SignerDraft>) => onChange({ ...signer, ...patch });
  const targets = witnessable(signers, signer).map((target) => ({
    key: target.key,
    label: target.name.trim() || target.email.trim() || t('signers.numbered', { number: signers.indexOf(target) + 1 }),
  }));

  return (
    <li className="signer-entry" data-testid="signer-row">
      <div className="recipient-row">
        <PersonFields
          name={signer.name}
          email={signer.email}
          colourIndex={index}
          emailOptional={signer.role === 'witness'}
          onChange={(change) => set(change)}
        />
        {ordered && <OrderInput order={signer.order} onChange={(order) => set({ order })} />}
        <button
          type="button"
          className="button button-link recipient-remove"
          disabled={!onRemove}
          aria-label={t('signers.remove', { number: index + 1 })}
          onClick={() => onRemove?.()}
        >
          {t('remove')}
        </button>
      </div>
      <SignerRoleFields
        choice={signer}
        hosts={hosts}
        targets={targets}
        onChange={({ role, hostEmail, witnessFor }) => set({ role, hostEmail, witnessFor })}
      />
    </li>
  );
}

function GroupEntry({ signer, index, ordered, onChange, onRemove, group }: SignerEntryProps & { group: GroupDraft }) {
  const t = useT('composer');
  const w = useT('workflows');
  const id = useId();
  const setGroup = (patch: Partial<GroupDraft>) => {
    const next = { ...group, ...patch };
    onChange({ ...signer, group: { ...next, required: Math.min(next.required, next.members.length) } });
  };
  const setMember = (key: string, patch: { name?: string; email?: string }) =>
    setGroup({ members: group.members.map((member) => (member.key === key ? { ...member, ...patch } : member)) });
  const title = group.name.trim() || w('group.numbered', { number: index + 1 });

  return (
    <li className="signer-entry signer-group" data-testid="group-row">
      <fieldset className="group-fieldset" aria-labelledby={`${id}-legend`}>
        <legend id={`${id}-legend`}>
          <SignerSwatch index={index} />
          {w('group.legend', { name: title })}
        </legend>
        <div className="recipient-row">
          <label className="editor-label">
            {w('group.name')}
            <input
              className="text-input"
              value={group.name}
              maxLength={255}
              onChange={(e) => setGroup({ name: e.target.value })}
              data-testid="group-name"
            />
          </label>
          <label className="editor-label">
            {w('group.required')}
            <input
              className="text-input input-narrow"
              type="number"
              min={1}
              max={group.members.length}
              value={group.required}
              aria-describedby={`${id}-required`}
              onChange={(e) => setGroup({ required: whole(e.target.value, 1, group.members.length) })}
              data-testid="group-required"
            />
          </label>
          {ordered && <OrderInput order={signer.order} onChange={(order) => onChange({ ...signer, order })} />}
          <button
            type="button"
            className="button button-link recipient-remove"
            disabled={!onRemove}
            aria-label={w('group.remove', { name: title })}
            onClick={() => onRemove?.()}
          >
            {t('remove')}
          </button>
        </div>
        <p id={`${id}-required`} className="hint">
          {w('group.requiredHint', { required: group.required, count: group.members.length })}
        </p>
        <ol className="recipient-list group-members">
          {group.members.map((member, memberIndex) => (
            <li key={member.key} className="recipient-row" data-testid="group-member">
              <PersonFields name={member.name} email={member.email} onChange={(change) => setMember(member.key, change)} />
              <button
                type="button"
                className="button button-link recipient-remove"
                disabled={group.members.length <= GROUP_MIN}
                aria-label={w('group.removeMember', { number: memberIndex + 1, name: title })}
                onClick={() => setGroup({ members: group.members.filter((m) => m.key !== member.key) })}
              >
                {t('remove')}
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={group.members.length >= GROUP_MAX}
          onClick={() => setGroup({ members: [...group.members, newPerson()] })}
          data-testid="add-member"
        >
          {w('group.addMember')}
        </button>
      </fieldset>
    </li>
  );
}
