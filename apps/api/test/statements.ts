import pg from 'pg';
import { vi } from 'vitest';

/** A statement as node-postgres was asked to send it: its text, its name when prepared, its values, and the client sending it. */
export interface SentStatement {
  name?: string;
  text: string;
  values?: unknown[];
  client: pg.Client;
}

/**
 * The statements every pg client of this process sent while `run` ran (the app's, its job queue's, the test's own):
 * a test counts those it is about by name or text.
 */
export async function statementsDuring(run: () => Promise<unknown>): Promise<SentStatement[]> {
  const query = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await run();
    return query.mock.calls.map(([statement, values], index) => {
      const client = query.mock.contexts[index] as pg.Client;
      if (typeof statement === 'string')
        return { text: statement, values: values as unknown[] | undefined, client };
      const {
        name,
        text = '',
        values: configValues,
      } = statement as { name?: string; text?: string; values?: unknown[] };
      return { name, text, values: configValues, client };
    });
  } finally {
    query.mockRestore();
  }
}

/**
 * The transaction of the first statement that `matches`, as its connection sent it, from its `begin` to its `commit`:
 * each statement by its name when prepared, else by its text.
 */
export function transactionAround(
  statements: readonly SentStatement[],
  matches: (statement: SentStatement) => boolean,
): string[] {
  const found = statements.find(matches);
  if (found === undefined) throw new Error('no statement sent matches');
  const own = statements.filter(({ client }) => client === found.client);
  const at = own.indexOf(found);
  const begin = own.findLastIndex(({ text }, index) => index <= at && text === 'begin');
  const commit = own.findIndex(({ text }, index) => index >= at && text === 'commit');
  return own.slice(begin, commit + 1).map(({ name, text }) => name ?? text);
}
