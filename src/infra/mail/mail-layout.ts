import { DEFAULT_LANGUAGE, type Language } from '../../domain/language.js';
import { translator } from '../i18n/messages.js';
import { escapeHtml } from './escape-html.js';

/** What a mail kind renders: both MIME parts, and the links it carries (logged when there is no SMTP server). */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/**
 * The building blocks of every mail. Mail kinds describe their content in plain text only; this module
 * alone writes HTML, so every user-supplied string is escaped in one place.
 */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'quote'; label: string; text: string }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'link'; label: string; url: string };

export const paragraph = (text: string): MailBlock => ({ kind: 'paragraph', text });
export const quote = (label: string, text: string): MailBlock => ({ kind: 'quote', label, text });
export const button = (label: string, url: string): MailBlock => ({ kind: 'button', label, url });
export const link = (label: string, url: string): MailBlock => ({ kind: 'link', label, url });

const BUTTON_STYLE =
  'display:inline-block;padding:12px 24px;background:#1f4fd1;color:#ffffff;' + 'text-decoration:none;border-radius:6px;font-weight:600';
const QUOTE_STYLE = 'margin:16px 0;padding:12px 16px;background:#f4f5f7;border-left:4px solid #c4c9d4';
const SMALL_STYLE = 'font-size:13px;color:#555555';

/** A header value must stay on one line; user text (an envelope name) may hold line breaks. */
const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

const multilineHtml = (text: string): string => escapeHtml(text).replace(/\r?\n/g, '<br>');

const quotedText = (text: string): string =>
  text
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');

const blockText = (block: MailBlock): string => {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'quote':
      return `${block.label}:\n${quotedText(block.text)}`;
    case 'button':
    case 'link':
      return `${block.label}:\n${block.url}`;
  }
};

const anchor = (url: string, content: string, style?: string): string =>
  `<a href="${escapeHtml(url)}"${style ? ` style="${style}"` : ''}>${content}</a>`;

const blockHtml = (block: MailBlock, language: Language): string => {
  switch (block.kind) {
    case 'paragraph':
      return `<p>${multilineHtml(block.text)}</p>`;
    case 'quote':
      return (
        `<p><strong>${escapeHtml(block.label)}</strong></p>` +
        `<blockquote style="${QUOTE_STYLE}">${multilineHtml(block.text)}</blockquote>`
      );
    case 'button':
      // The URL is repeated as text for mail clients that strip styled links.
      return (
        `<p>${anchor(block.url, escapeHtml(block.label), BUTTON_STYLE)}</p>` +
        `<p style="${SMALL_STYLE}">${escapeHtml(translator(language)('mail.openLink'))} ${anchor(block.url, escapeHtml(block.url))}</p>`
      );
    case 'link':
      return `<p>${escapeHtml(block.label)}: ${anchor(block.url, escapeHtml(block.url))}</p>`;
  }
};

const htmlDocument = (subject: string, body: string, language: Language): string =>
  `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
  '<meta name="viewport" content="width=device-width,initial-scale=1">' +
  `<title>${escapeHtml(subject)}</title></head>` +
  '<body style="margin:0;padding:24px;background:#eef0f4;' +
  'font-family:Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#1c1f26">' +
  `<div style="max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border-radius:8px">${body}` +
  `<p style="${SMALL_STYLE}">${escapeHtml(translator(language)('mail.footer'))}</p></div></body></html>`;

const linksOf = (blocks: MailBlock[]): string[] =>
  blocks.flatMap((block) => (block.kind === 'button' || block.kind === 'link' ? [block.url] : []));

/** Renders the blocks into the plain-text and HTML parts of one mail, its own words in the reader's language. */
export const composeMail = (subject: string, blocks: MailBlock[], language: Language = DEFAULT_LANGUAGE): MailContent => {
  const singleLineSubject = oneLine(subject);
  return {
    subject: singleLineSubject,
    text: [...blocks.map(blockText), translator(language)('mail.footer')].join('\n\n') + '\n',
    html: htmlDocument(singleLineSubject, blocks.map((block) => blockHtml(block, language)).join(''), language),
    links: linksOf(blocks),
  };
};

export const greeting = (recipientName: string, language: Language = DEFAULT_LANGUAGE): MailBlock =>
  paragraph(translator(language)('mail.greeting', { name: recipientName }));
