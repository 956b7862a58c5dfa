import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@skillroute/shared/errors';
import { appBehindProxy } from '../../test/app-behind-proxy';
import type { TestApp } from '../../test/helpers';
import type { TcpProxy } from '../../test/tcp-proxy';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailableMessage } from './error-envelope';

// A read that always reaches the database (node contents are not cached).
const read = (t: TestApp) => t.app.inject({ method: 'GET', url: `/api/roadmap/nodedetails/${randomUUID()}` });

describe('a database that stops answering', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, proxy, close } = await appBehindProxy());
  });
  afterAll(() => close());

  it('answers every read with a 503 and Retry-After while frozen, none hanging until it thaws, then serves again', async () => {
    // Warm the pool so some reads wait on connections already open (the statement timeout's case) and
    // others on new ones (the connect timeout's case).
    await Promise.all([read(t), read(t), read(t)]);
    proxy.freeze();
    try {
      // The freeze lasts until every answer is in: a read that waited for the database would never return.
      const answers = await Promise.all(Array.from({ length: 12 }, () => read(t)));
      for (const answer of answers) {
        expect(answer.statusCode).toBe(503);
        expect(answer.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
        expect(answer.json()).toEqual({
          message: errorMessages.serviceUnavailable,
          errors: [{ message: databaseUnavailableMessage }],
        });
      }
    } finally {
      proxy.thaw();
    }
    await expect.poll(async () => (await read(t)).statusCode, { timeout: 30_000, interval: 250 }).toBe(404);
  });

  it('answers a 503 in the envelope while the line is cut, and logs it as a warning, not an error', async () => {
    proxy.cut();
    try {
      const answer = await read(t);
      expect(answer.statusCode).toBe(503);
      expect(answer.json().errors[0].message).toBe(databaseUnavailableMessage);
    } finally {
      proxy.restore();
    }
    expect(
      t.logs.some(
        (line) => line.msg === 'the database could not answer; told the client to retry' && line.level === 40,
      ),
    ).toBe(true);
    expect(t.logs.some((line) => line.msg === 'unexpected error while handling a request')).toBe(false);
    await expect.poll(async () => (await read(t)).statusCode, { timeout: 30_000, interval: 250 }).toBe(404);
  });
});
