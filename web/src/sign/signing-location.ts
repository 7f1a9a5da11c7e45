/** Where the page was opened: `/sign/{token}` with `?embed=1` when framed by the sender's app. */
export interface SigningLocation {
  token: string | null;
  embedded: boolean;
}

export const parseSigningLocation = (pathname: string, search: string): SigningLocation => {
  const segments = pathname.split('/').filter(Boolean);
  const signIndex = segments.lastIndexOf('sign');
  const raw = signIndex >= 0 ? segments[signIndex + 1] : undefined;
  return {
    token: raw ? decodeURIComponent(raw) : null,
    embedded: new URLSearchParams(search).get('embed') === '1',
  };
};
