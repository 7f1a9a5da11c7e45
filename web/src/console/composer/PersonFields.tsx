interface PersonFieldsProps {
  name: string;
  email: string;
  onChange: (change: { name?: string; email?: string }) => void;
}

/** A recipient's name and e-mail, labelled as people read them; the service checks the address. */
export function PersonFields({ name, email, onChange }: PersonFieldsProps) {
  return (
    <>
      <label className="editor-label">
        Name
        <input
          className="text-input"
          value={name}
          maxLength={255}
          autoComplete="off"
          onChange={(e) => onChange({ name: e.target.value })}
        />
      </label>
      <label className="editor-label">
        E-mail
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
