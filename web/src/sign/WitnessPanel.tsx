import type { WitnessNamed } from './signing-types.js';
import { useTranslation } from './i18n.js';

interface WitnessPanelProps {
  witness: WitnessNamed;
  onChange: (witness: WitnessNamed) => void;
}

/** The witness a signer names before finishing, when the sender left the witness to them. */
export function WitnessPanel({ witness, onChange }: WitnessPanelProps) {
  const { t } = useTranslation();
  return (
    <section className="panel witness-panel" aria-labelledby="witness-title" data-testid="witness-panel">
      <h2 id="witness-title" className="panel-title">
        {t('workflow_page.witness.heading')}
      </h2>
      <p className="witness-explain">{t('workflow_page.witness.explain')}</p>
      <div className="witness-inputs">
        <div>
          <label className="input-label" htmlFor="witness-name">
            {t('workflow_page.witness.name')}
          </label>
          <input
            id="witness-name"
            className="text-input"
            data-testid="witness-name"
            autoComplete="off"
            maxLength={255}
            required
            value={witness.name}
            onChange={(event) => onChange({ ...witness, name: event.target.value })}
          />
        </div>
        <div>
          <label className="input-label" htmlFor="witness-email">
            {t('workflow_page.witness.email')}
          </label>
          <input
            id="witness-email"
            className="text-input"
            data-testid="witness-email"
            type="email"
            autoComplete="off"
            maxLength={320}
            required
            value={witness.email}
            onChange={(event) => onChange({ ...witness, email: event.target.value })}
          />
        </div>
      </div>
    </section>
  );
}
