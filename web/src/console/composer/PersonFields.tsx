import { SignerSwatch } from '../../editor/SignerSwatch.js';
import { useT } from '../i18n.js';

interface PersonFieldsProps {
  name: string;
  email: string;
  onChange: (change: { name?: string; email?: string }) => void;
  /** A signer's position in the list: their name shows the colour their fields wear. */
  colourIndex?: number;
  /** A witness may be left without an address: the signer they witness names them when signing. */
  emailOptional?: boolean;
}

/** A recipient's name and e-mail, labelled as people read them; the service checks the address. */
export function PersonFields({ name, email, onChange, colourIndex, emailOptional = false }: PersonFieldsProps) {
  const t = useT('composer');
  const w = useT('workflows');
  return (
    <>
      <label className="editor-label">
        {colourIndex !== undefined && <SignerSwatch index={colourIndex} />}
        {t('person.name')}
        <input
          className="text-input"
          value={name}
          maxLength={255}
          autoComplete="off"
          onChange={(e) => onChange({ name: e.target.value })}
        />
      </label>
      <label className="editor-label">
        {emailOptional ? w('witness.emailOptional') : t('person.email')}
        <input
          className="text-input"
          type="email"
          value={email}
          maxLength={254}
          autoComplete="off"
          onChange={(e) => onChange({ email: e.target.value })}
        />
      </label>
    </>
  );
}
