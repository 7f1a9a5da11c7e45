import { defineConfig } from 'vitepress';

// The sidebar lists every page of the site: a page left out of it is a page nobody finds.
export default defineConfig({
  title: 'Countersign',
  description: 'An e-signature service: envelopes of PDF documents, signing pages, sealed verifiable PDFs.',
  cleanUrls: true,
  lastUpdated: false,
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/getting-started' },
      { text: 'Concepts', link: '/concepts/envelopes' },
      { text: 'API', link: '/api/conventions' },
      { text: 'Reference', link: '/api/reference' },
      { text: 'Operations', link: '/operations/configuration' },
      { text: 'Contributing', link: '/contributing/' },
    ],
    sidebar: [
      {
        text: 'Guide',
        items: [
          { text: 'Getting started', link: '/guide/getting-started' },
          { text: 'Single sign-on', link: '/guide/single-sign-on' },
          { text: 'Python client', link: '/guide/python-client' },
        ],
      },
      {
        text: 'Concepts',
        items: [
          { text: 'Envelopes', link: '/concepts/envelopes' },
          { text: 'Recipients', link: '/concepts/recipients' },
          { text: 'Fields', link: '/concepts/fields' },
          { text: 'Templates', link: '/concepts/templates' },
          { text: 'Attachments', link: '/concepts/attachments' },
          { text: 'The ledger', link: '/concepts/ledger' },
          { text: 'Signing', link: '/concepts/signing' },
          { text: 'Workflows', link: '/concepts/workflows' },
        ],
      },
      {
        text: 'API guide',
        items: [
          { text: 'Conventions', link: '/api/conventions' },
          { text: 'Authentication', link: '/api/authentication' },
          { text: 'Errors', link: '/api/errors' },
          { text: 'Idempotency', link: '/api/idempotency' },
          { text: 'Pagination', link: '/api/pagination' },
          { text: 'Webhooks', link: '/api/webhooks' },
          { text: 'Account', link: '/api/account' },
          { text: 'Limits', link: '/api/limits' },
          { text: 'People', link: '/api/people' },
          { text: 'Sign-in', link: '/api/sign-in' },
          { text: 'Passkeys', link: '/api/passkeys' },
          { text: 'Roles, groups and conditions', link: '/api/workflows' },
          { text: 'Delegation and corrections', link: '/api/corrections' },
          { text: 'Public links', link: '/api/public-links' },
          { text: 'Other document formats', link: '/api/conversion' },
          { text: 'PDF form fields', link: '/api/form-fields' },
          { text: 'Text tags', link: '/api/text-tags' },
          { text: 'Bulk sending', link: '/api/bulk-sending' },
          { text: 'Embedding', link: '/api/embedding' },
          { text: 'Embed components', link: '/api/embed-components' },
          { text: 'MCP server (AI agents)', link: '/api/mcp' },
          { text: 'API reference', link: '/api/reference' },
        ],
      },
      {
        text: 'Operations',
        items: [
          { text: 'Configuration', link: '/operations/configuration' },
          { text: 'One process and many', link: '/operations/scaling' },
          { text: 'Container', link: '/operations/container' },
          { text: 'Backups and upgrades', link: '/operations/backups' },
          { text: 'Retention and erasure', link: '/operations/retention-and-erasure' },
          { text: 'Health, metrics and logs', link: '/operations/metrics' },
          { text: 'Security', link: '/security' },
        ],
      },
      {
        text: 'Evidence',
        items: [
          { text: 'Verification', link: '/verification' },
          { text: 'A seal readers trust', link: '/evidence/trusted-seal' },
        ],
      },
      {
        text: 'Project',
        items: [
          { text: 'Contributing', link: '/contributing/' },
          { text: 'Architecture', link: '/contributing/architecture' },
          { text: 'Benchmarks', link: '/benchmarks' },
          { text: 'Decisions', link: '/decisions' },
        ],
      },
    ],
    search: { provider: 'local' },
    outline: { level: [2, 3] },
  },
});
