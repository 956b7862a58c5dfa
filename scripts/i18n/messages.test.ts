import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sentencesOutsideMessages } from './messages';

const sentencesIn = (code: string) =>
  sentencesOutsideMessages(ts.createSourceFile('example.ts', code, ts.ScriptTarget.Latest, true)).map(
    ({ text }) => text,
  );

describe('sentences for people outside a message', () => {
  it('are found in a constant, an AppError and a template', () => {
    expect(
      sentencesIn(`
        export const gone = 'This account no longer exists.';
        throw new AppError('bad_request', \`The field \${name} was sent twice.\`);
      `),
    ).toEqual(['This account no longer exists.', 'The field ${…} was sent twice.']);
  });

  it('are not: a message, an Error of ours, a log line, an API schema, a word or a name', () => {
    expect(
      sentencesIn(`
        const a = msg('This account no longer exists.');
        const b = t('Pay for your session with {name}.', { name });
        throw new Error('The uploads folder cannot be written.');
        request.log.info({ url }, 'A request nobody answers came in.');
        app.get('/x', { schema: { summary: 'Lists the mentors of a stack.' } }, handler);
        const c = 'Sign in';
        const d = 'Skillroute';
      `),
    ).toEqual([]);
  });
});
