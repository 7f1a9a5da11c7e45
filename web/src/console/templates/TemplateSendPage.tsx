// SCAFFOLD: replaced by the page's owner before landing.
export function TemplateSendPage(_props: Record<string, string | undefined>) {
  return <h1>TemplateSendPage</h1>;
}
