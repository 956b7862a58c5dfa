import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body as sent: JSON for Razorpay, form-encoded for Stripe. */
  body: string;
}

export interface FakeAnswer {
  status?: number;
  json: unknown;
}

export interface FakeHttpApi {
  host: '127.0.0.1';
  port: number;
  baseUrl: string;
  /** Every request received, oldest first. */
  requests: RecordedRequest[];
  /**
   * Sets what `METHOD /path` (the path without its query) answers; anything else is a 404. A list is answered
   * one by one, its last answer repeating.
   */
  answer(method: string, path: string, answer: FakeAnswer | FakeAnswer[]): void;
  close(): Promise<void>;
}

/** A plain HTTP server on loopback that records each request and answers JSON, standing in for a provider's API. */
export async function startFakeHttpApi(): Promise<FakeHttpApi> {
  const answers = new Map<string, FakeAnswer[]>();
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      requests.push({
        method: request.method ?? '',
        path,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const queued = answers.get(`${request.method} ${path}`) ?? [];
      const answer = (queued.length > 1 ? queued.shift() : queued[0]) ?? {
        status: 404,
        json: { error: { code: 'NOT_FOUND', description: `no fake answer for ${request.method} ${path}` } },
      };
      response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    answer: (method, path, answer) =>
      answers.set(`${method} ${path}`, Array.isArray(answer) ? [...answer] : [answer]),
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
