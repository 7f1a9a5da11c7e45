import { lazy, Suspense, type ComponentProps } from 'react';

const Editor = lazy(() => import('./FieldEditor.js').then((module) => ({ default: module.FieldEditor })));

/** The field editor, loaded (with pdfjs) only when a page shows it: the console's other pages stay light. */
export function LazyFieldEditor(props: ComponentProps<typeof Editor>) {
  return (
    <Suspense fallback={<p className="loading">Loading the editor…</p>}>
      <Editor {...props} />
    </Suspense>
  );
}
