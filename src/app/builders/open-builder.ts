import type { AppContext } from '../context.js';
import { readTemplateWithDocuments, type TemplateWithDocuments } from '../templates/get-template.js';
import { openBuilderSession, type BuilderSession } from './builder-tokens.js';
import { loadComposeDraft, type ComposeDraftWithDocuments } from './compose-drafts.js';

/** What a builder's page loads: its session, and the template or the draft it edits. */
export type BuilderView = { session: BuilderSession } & (
  { kind: 'template'; template: TemplateWithDocuments } | { kind: 'compose'; draft: ComposeDraftWithDocuments }
);

/** Opens a builder (spending its URL token, see openBuilderSession) or reopens it with its session token. */
export const openBuilder = async (ctx: AppContext, rawToken: string): Promise<BuilderView> => {
  const session = await openBuilderSession(ctx, rawToken);
  const { subject, token } = session;
  if (subject.kind === 'template') {
    return { session, kind: 'template', template: await readTemplateWithDocuments(ctx.db, token.accountId, subject.templateId) };
  }
  return { session, kind: 'compose', draft: await loadComposeDraft(ctx.db, token.accountId, subject.draftId) };
};
