// SCAFFOLD: replaced by the page's owner before landing.
export function SettingsPage(_props: Record<string, string | undefined>) {
  return <h1>SettingsPage</h1>;
}
