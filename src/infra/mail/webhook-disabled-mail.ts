import { formatDateTime } from '../../domain/date-format.js';
import { composeMail, greeting, paragraph, quote, type MailContent } from './mail-layout.js';

export interface WebhookDisabledMailParams {
  ownerName: string;
  webhookId: string;
  url: string;
  failingSince: Date;
  lastError: string;
}

/** Tells an account's owner that a webhook failing for 24 h was disabled, and how to turn it back on. */
export const webhookDisabledMail = (params: WebhookDisabledMailParams): MailContent =>
  composeMail(`Webhook disabled: ${params.url}`, [
    greeting(params.ownerName),
    paragraph(
      `Your webhook ${params.webhookId} (${params.url}) has not accepted a delivery since ${formatDateTime(params.failingSince)}, ` +
        'so Countersign disabled it after 24 hours of failures. Events are no longer sent to it.',
    ),
    quote('Last error', params.lastError),
    paragraph(
      'Once the endpoint answers 2xx again, enable the webhook with PUT /api/v2.0/webhooks/{id} {"enabled": true} and ' +
        'redeliver the events you missed from its delivery log (GET /api/v2.0/webhooks/{id}/deliveries).',
    ),
  ]);
