// SCAFFOLD: replaced by the page's owner before landing.
export function TemplateEditorPage(_props: Record<string, string | undefined>) {
  return <h1>TemplateEditorPage</h1>;
}
