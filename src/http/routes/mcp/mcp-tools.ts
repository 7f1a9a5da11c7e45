import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { ErrorObject } from 'ajv';
import { Type, type TObject, type TProperties, type TSchema } from 'typebox';
import { Strict } from '../../schema-kit.js';
import { jsonValueValidator } from '../../validator.js';
import { CancelBody } from '../envelopes/cancel-envelope.js';
import { CreateWithTemplateBody } from '../envelopes/create-envelope-with-template.js';
import { CreateEnvelopeBody } from '../envelopes/create-envelope.js';
import { DownloadParams, DownloadQuery } from '../envelopes/download-document.js';
import { EnvelopeIdParams } from '../envelopes/envelope-id-params.js';
import { ListRequest } from '../envelopes/list-envelopes.js';
import { RemindBody } from '../envelopes/remind-signer.js';
import { ListTemplatesQuery } from '../templates/list-templates.js';

/** An argument the operation takes in its path or query string, under the route's own name and schema. */
export interface Parameter {
  in: 'path' | 'query';
  name: string;
  schema: TSchema;
}

/** What a successful call's `data` becomes: the data itself, or a document to embed as a PDF resource. */
export type ToolAnswer = 'data' | 'document';

export interface McpTool {
  name: string;
  title: string;
  description: string;
  annotations: ToolAnnotations;
  method: 'GET' | 'POST';
  /** The operation's route below /api/v2.0, with `:name` for each path parameter. */
  route: string;
  /** The arguments that are not body fields, by argument name. */
  parameters: Record<string, Parameter>;
  /** The operation's body schema: every other argument is a field of the body. */
  body?: TObject;
  answers: ToolAnswer;
  /** The arguments as one JSON Schema object: the route's parameter and body schemas, nothing restated. */
  inputSchema: TObject;
  /** The problems of the path and query arguments, checked before the operation is called: it cannot be called without them. */
  parameterProblems: (args: unknown) => ErrorObject[];
  /** The problems of all the arguments against `inputSchema`: what a call whose parameters failed answers, every problem at once. */
  inputProblems: (args: unknown) => ErrorObject[];
}

export type ToolSpec = Omit<McpTool, 'inputSchema' | 'parameterProblems' | 'inputProblems' | 'parameters' | 'answers'> &
  Partial<Pick<McpTool, 'parameters' | 'answers'>>;

const schemasOf = (parameters: Record<string, Parameter>): TProperties =>
  Object.fromEntries(Object.entries(parameters).map(([argument, parameter]) => [argument, parameter.schema]));

/** A tool of one API operation: its input schema and checks derived from the operation's schemas. */
export const defineTool = ({ parameters = {}, answers = 'data', ...spec }: ToolSpec): McpTool => {
  const inputSchema = Strict({ ...schemasOf(parameters), ...spec.body?.properties });
  return {
    ...spec,
    parameters,
    answers,
    inputSchema,
    // The body's fields are the operation's to check, with the checks beyond its schema.
    parameterProblems: jsonValueValidator(spec.body ? Type.Object(schemasOf(parameters)) : inputSchema),
    inputProblems: jsonValueValidator(inputSchema),
  };
};

const envelopeId: Parameter = { in: 'path', name: 'envelopeId', schema: EnvelopeIdParams.properties.envelopeId };

const READ: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };
/** Sends mail to the recipients: the world outside the service sees it. */
const SENDS_MAIL: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };

/** The tools of the MCP endpoint (docs/api/mcp.md), each one API operation under the API's own field names. */
export const MCP_TOOLS: readonly McpTool[] = [
  defineTool({
    name: 'list_templates',
    title: 'List templates',
    description:
      "The account's templates, newest first, a page at a time (`page` from 1, `page_size` 1–100, default 20), with their signer " +
      'and observer roles: what create_envelope_from_template needs.',
    annotations: READ,
    method: 'GET',
    route: '/templates/list',
    parameters: {
      page: { in: 'query', name: 'page', schema: ListTemplatesQuery.properties.page },
      page_size: { in: 'query', name: 'pageSize', schema: ListTemplatesQuery.properties.pageSize },
    },
  }),
  defineTool({
    name: 'create_envelope_from_template',
    title: 'Send an envelope from a template',
    description:
      'Create and send an envelope from a template: every signer role of the template filled once (by `signer_title`) with a name ' +
      "and e-mail address; the role's order and fields apply. The recipients are e-mailed their signing links. Answers the envelope_id.",
    annotations: SENDS_MAIL,
    method: 'POST',
    route: '/envelopes/create_with_template',
    body: CreateWithTemplateBody,
  }),
  defineTool({
    name: 'create_envelope',
    title: 'Send an envelope',
    description:
      'Create and send an envelope from base64 PDF documents (`documents[].content_base64`), with its signers, their fields and ' +
      'its observers. The recipients are e-mailed their signing links. Answers the envelope_id and each document_id.',
    annotations: SENDS_MAIL,
    method: 'POST',
    route: '/envelopes/create',
    body: CreateEnvelopeBody,
  }),
  defineTool({
    name: 'get_envelope',
    title: 'Envelope details',
    description: "An envelope's details: its status, documents (document_id), and each signer's and observer's progress.",
    annotations: READ,
    method: 'GET',
    route: '/envelopes/:envelopeId/details',
    parameters: { envelope_id: envelopeId },
  }),
  defineTool({
    name: 'get_envelope_history',
    title: 'Envelope history',
    description: "An envelope's activity from its ledger, oldest first: sent, viewed, signed, reminded, declined, completed and more.",
    annotations: READ,
    method: 'GET',
    route: '/envelopes/:envelopeId/history',
    parameters: { envelope_id: envelopeId },
  }),
  defineTool({
    name: 'list_envelopes',
    title: 'List envelopes',
    description:
      "The account's envelopes, filtered (status, name, tags, recipient, template, creation dates), sorted and paged; `total` is the " +
      'exact number of matches.',
    annotations: READ,
    method: 'POST',
    route: '/envelopes/list',
    body: ListRequest,
  }),
  defineTool({
    name: 'remind_signer',
    title: 'Remind a signer',
    description: 'E-mail a reminder to a signer whose turn it is; at most once an hour per signer (REMINDER_TOO_SOON otherwise).',
    annotations: SENDS_MAIL,
    method: 'POST',
    route: '/envelopes/:envelopeId/remind_signer',
    parameters: { envelope_id: envelopeId },
    body: RemindBody,
  }),
  defineTool({
    name: 'cancel_envelope',
    title: 'Cancel an envelope',
    description: 'Cancel an envelope that is out for signature or expired, with a reason; the recipients are told by e-mail.',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    method: 'POST',
    route: '/envelopes/:envelopeId/cancel',
    parameters: { envelope_id: envelopeId },
    body: CancelBody,
  }),
  defineTool({
    name: 'download_document',
    title: 'Download a document',
    description:
      'A document of an envelope (a document_id, or `certificate` for the certificate of completion) as an embedded PDF resource. ' +
      'By default only the signed copy, once the envelope is Completed; `signed_only: false` gives the signed copy when there is one, ' +
      'else the original.',
    annotations: READ,
    method: 'GET',
    route: '/envelopes/:envelopeId/:documentId/download',
    parameters: {
      envelope_id: envelopeId,
      document_id: { in: 'path', name: 'documentId', schema: DownloadParams.properties.documentId },
      signed_only: { in: 'query', name: 'signed_only', schema: DownloadQuery.properties.signed_only },
    },
    answers: 'document',
  }),
];
