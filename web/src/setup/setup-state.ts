/** What the server found for this page's token (src/http/routes/pages/setup-page.ts puts it in a meta tag). */
export type SetupState = 'open' | 'invalid' | 'completed';

export const initialSetupState = (page: Document): SetupState => {
  const state = page.querySelector('meta[name="countersign-setup"]')?.getAttribute('content');
  return state === 'open' || state === 'completed' ? state : 'invalid';
};

/** `/setup/{token}` → the token. */
export const setupTokenFromPath = (path: string): string => decodeURIComponent(path.split('/')[2] ?? '');
