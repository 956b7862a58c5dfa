import pg from 'pg';
import { vi } from 'vitest';

/** A statement as node-postgres was asked to send it: its text, and its name when prepared. */
export interface SentStatement {
  name?: string;
  text: string;
}

/**
 * The statements every pg client of this process sent while `run` ran (the app's, its job queue's, the test's own):
 * a test counts those it is about by name or text.
 */
export async function statementsDuring(run: () => Promise<unknown>): Promise<SentStatement[]> {
  const query = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await run();
    return query.mock.calls.map(([statement]) =>
      typeof statement === 'string'
        ? { text: statement }
        : { name: (statement as { name?: string }).name, text: (statement as { text?: string }).text ?? '' },
    );
  } finally {
    query.mockRestore();
  }
}
