// SCAFFOLD: replaced by the page's owner before landing.
export function TemplateListPage(_props: Record<string, string | undefined>) {
  return <h1>TemplateListPage</h1>;
}
