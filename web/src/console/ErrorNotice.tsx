import type { ApiFailure } from '../shared/api-failure.js';
import { useLanguage, useT } from './i18n.js';

/**
 * A refusal of the API. In English the API's own message says exactly what was wrong. In another
 * language the person reads the console's words for the error code when it has them (the codes a
 * person meets in the console), and the API's English message stays below it, small, for the details
 * and a support request. A code the console has no words for keeps the API's message.
 */
export function ErrorNotice({ error }: { error: ApiFailure | null | undefined }) {
  const t = useT('common');
  const { language } = useLanguage();
  if (!error) return null;
  const translated = language === 'en' ? '' : t(`error.${error.code}`, { defaultValue: '' });
  // The API never answered a network failure: its English words are the console's own, already translated.
  const original = translated && error.status !== 0 && error.errors.length <= 1 ? error.message : null;
  return (
    <div className="notice notice-error" role="alert">
      <p className="notice-text">{translated || error.message}</p>
      {original && (
        <p className="notice-detail" lang="en">
          {original}
        </p>
      )}
      {error.errors.length > 1 && (
        <ul lang="en">
          {error.errors.map((item, index) => (
            <li key={index}>{item.developer_message}</li>
          ))}
        </ul>
      )}
      <p className="notice-code">{error.code}</p>
    </div>
  );
}
