import type { ReactNode } from 'react';

/** What a message is given in place of an element (a `<time>`, a link): a character no text has. */
export const ELEMENT_SLOT = '\uE000';

/**
 * A translated message with `element` where it was given ELEMENT_SLOT: the sentence keeps its own word order in
 * every language, and the element stays an element. `t('Back after {when}.', { when: ELEMENT_SLOT })`.
 */
export function withElement(text: string, element: ReactNode): ReactNode {
  const [before = '', ...after] = text.split(ELEMENT_SLOT);
  return (
    <>
      {before}
      {element}
      {after.join('')}
    </>
  );
}
