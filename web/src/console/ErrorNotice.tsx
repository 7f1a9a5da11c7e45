import type { ApiFailure } from '../shared/api-failure.js';

/** The API's own message, with its code for a support request. */
export function ErrorNotice({ error }: { error: ApiFailure | null | undefined }) {
  if (!error) return null;
  return (
    <div className="notice notice-error" role="alert">
      <p className="notice-text">{error.message}</p>
      {error.errors.length > 1 && (
        <ul>
          {error.errors.map((item, index) => (
            <li key={index}>{item.developer_message}</li>
          ))}
        </ul>
      )}
      <p className="notice-code">{error.code}</p>
    </div>
  );
}
