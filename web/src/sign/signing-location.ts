/**
 * Where the page was opened: `/sign/{token}`, with `?embed=1` when framed by the sender's app and
 * `?in_person=1` for a host-led signing on the host's device.
 */
export interface SigningLocation {
  token: string | null;
  embedded: boolean;
  inPerson: boolean;
}

export const parseSigningLocation = (pathname: string, search: string): SigningLocation => {
  const segments = pathname.split('/').filter(Boolean);
  const signIndex = segments.lastIndexOf('sign');
  const raw = signIndex >= 0 ? segments[signIndex + 1] : undefined;
  const query = new URLSearchParams(search);
  return {
    token: raw ? decodeURIComponent(raw) : null,
    embedded: query.get('embed') === '1',
    inPerson: query.get('in_person') === '1',
  };
};
