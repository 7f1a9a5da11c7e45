import type { TemplatesTable } from '../../infra/db/schema.js';
import { roleSummary, type TemplateRoles } from './template-roles.js';

/** A template as the API shows it. */
export const templateView = (row: TemplatesTable) => ({
  template_id: row.id,
  name: row.name,
  description: row.description,
  status: row.status,
  created_at: row.created_at,
  settings: JSON.parse(row.settings) as Record<string, unknown>,
  roles: roleSummary(JSON.parse(row.roles) as TemplateRoles),
});

export type TemplateView = ReturnType<typeof templateView>;
