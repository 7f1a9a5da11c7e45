interface ConsentDisclosureProps {
  text: string;
  accepted: boolean;
  onChange: (accepted: boolean) => void;
}

/** The electronic-records disclosure, shown in full, and the explicit agreement to it. */
export function ConsentDisclosure({ text, accepted, onChange }: ConsentDisclosureProps) {
  return (
    <section className="panel consent" aria-labelledby="consent-title">
      <h2 id="consent-title" className="panel-title">
        Before you sign
      </h2>
      <div className="consent-text" data-testid="consent-text">
        {text}
      </div>
      <div className="consent-check">
        <input
          id="consent"
          type="checkbox"
          data-testid="consent-checkbox"
          checked={accepted}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor="consent">I have read the disclosure above and agree to use electronic records and signatures.</label>
      </div>
    </section>
  );
}
