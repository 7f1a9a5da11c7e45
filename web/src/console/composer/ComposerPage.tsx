// SCAFFOLD: replaced by the page's owner before landing.
export function ComposerPage(_props: Record<string, string | undefined>) {
  return <h1>ComposerPage</h1>;
}
