import { useQuery } from '@tanstack/react-query';
import type { ApiFailure } from '../../shared/api-failure.js';
import type { ApiData } from '../../shared/api-types.js';
import { consoleApi } from '../console-api.js';

type TemplateList = ApiData<'listTemplates'>;
export type TemplateSummary = TemplateList['templates'][number];

const PAGE_SIZE = 100;
/** A bound on the pages read for the choice of template: 1,000 templates is far past what one list of choices serves. */
const MAX_PAGES = 10;

/** The account's templates (newest first), every page of them up to the bound: the choice lists the active ones, the bulk sends name theirs. */
export const useTemplates = () =>
  useQuery<TemplateSummary[], ApiFailure>({
    queryKey: ['/templates/list', 'all'],
    queryFn: async () => {
      const templates: TemplateSummary[] = [];
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const answer = await consoleApi.request<TemplateList>('GET', `/templates/list?page=${page}&pageSize=${PAGE_SIZE}`);
        templates.push(...answer.templates);
        if (answer.templates.length === 0 || page * PAGE_SIZE >= answer.total) break;
      }
      return templates;
    },
  });
