import type { AppContext, Caller } from '../context.js';
import { loadTemplate } from '../templates/load-template.js';
import { issueBuilderUrl, type BuilderUrl } from './builder-tokens.js';

/** A single-use, 10-minute URL of the embedded template editor for one of the caller's templates. */
export const generateEditUrl = async (ctx: AppContext, caller: Caller, templateId: string): Promise<BuilderUrl> => {
  const template = await loadTemplate(ctx.db, caller.accountId, templateId);
  return issueBuilderUrl(ctx, ctx.db, caller, { kind: 'template', templateId: template.id });
};
