import { lazy, Suspense, type ComponentProps } from 'react';
import { useT } from '../console/i18n.js';

const Editor = lazy(() => import('./FieldEditor.js').then((module) => ({ default: module.FieldEditor })));

/** The field editor, loaded (with pdfjs) only when a page shows it: the console's other pages stay light. */
export function LazyFieldEditor(props: ComponentProps<typeof Editor>) {
  const t = useT('editor');
  return (
    <Suspense fallback={<p className="loading">{t('loadingEditor')}</p>}>
      <Editor {...props} />
    </Suspense>
  );
}
