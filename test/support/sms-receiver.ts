import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSmsRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface SmsReceiver {
  url: string;
  received: ReceivedSmsRequest[];
  server: Server;
}

/** A stand-in SMS provider: records every request it receives and answers 201 (Twilio's Messages API) or 200 (a hook). */
export const startSmsReceiver = async (): Promise<SmsReceiver> => {
  const received: ReceivedSmsRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const twilio = request.url?.endsWith('/Messages.json');
      response.writeHead(twilio ? 201 : 200, { 'content-type': 'application/json' });
      response.end(twilio ? JSON.stringify({ sid: 'SM00000000000000000000000000000000', status: 'queued' }) : '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
};

/** The 6-digit code in an SMS text. */
export const codeIn = (text: string): string | undefined => /\b(\d{6})\b/.exec(text)?.[1];
