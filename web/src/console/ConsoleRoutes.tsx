import { Redirect, Route, Switch } from 'wouter';
import { Sentence, useT } from './i18n.js';
import { BulkSendPage } from './bulk/BulkSendPage.js';
import { BulkSendProgressPage } from './bulk/BulkSendProgressPage.js';
import { ComposerPage } from './composer/ComposerPage.js';
import { EnvelopeListPage } from './envelopes/EnvelopeListPage.js';
import { EnvelopePage } from './envelopes/EnvelopePage.js';
import { SettingsPage } from './settings/SettingsPage.js';
import { TemplateEditorPage } from './templates/TemplateEditorPage.js';
import { TemplateListPage } from './templates/TemplateListPage.js';
import { TemplateSendPage } from './templates/TemplateSendPage.js';

/** Every path here is also answered with console.html by the server (src/http/routes/pages/console-page.ts). */
export function ConsoleRoutes() {
  const t = useT('common');
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/envelopes" replace />
      </Route>
      <Route path="/envelopes">
        <EnvelopeListPage />
      </Route>
      <Route path="/envelopes/:envelopeId">{(params) => <EnvelopePage envelopeId={params.envelopeId} />}</Route>
      <Route path="/compose">
        <ComposerPage />
      </Route>
      <Route path="/templates">
        <TemplateListPage />
      </Route>
      <Route path="/templates/:templateId">{(params) => <TemplateEditorPage templateId={params.templateId} />}</Route>
      <Route path="/templates/:templateId/send">{(params) => <TemplateSendPage templateId={params.templateId} />}</Route>
      <Route path="/bulk-sends">
        <BulkSendPage />
      </Route>
      <Route path="/bulk-sends/:bulkSendId">{(params) => <BulkSendProgressPage bulkSendId={params.bulkSendId} />}</Route>
      <Route path="/settings">
        <SettingsPage />
      </Route>
      <Route path="/settings/:section">{(params) => <SettingsPage section={params.section} />}</Route>
      <Route>
        <h1>{t('notFound.title')}</h1>
        <p>
          <Sentence
            text={t('notFound.text', { skipInterpolation: true })}
            parts={{ envelopes: <a href="/envelopes">{t('notFound.link')}</a> }}
          />
        </p>
      </Route>
    </Switch>
  );
}
