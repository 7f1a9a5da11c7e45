// SCAFFOLD: replaced by the page's owner before landing.
export function EnvelopePage(_props: Record<string, string | undefined>) {
  return <h1>EnvelopePage</h1>;
}
