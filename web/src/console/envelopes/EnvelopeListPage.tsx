// SCAFFOLD: replaced by the page's owner before landing.
export function EnvelopeListPage(_props: Record<string, string | undefined>) {
  return <h1>EnvelopeListPage</h1>;
}
