import { useLocation } from 'react-router';

/**
 * What a link between the account pages (/login ⇄ /signup) passes on: the router state and query that say
 * where to go once signed in, so creating an account instead of signing in still returns there.
 */
export function useReturnCarry(): { search: string; state: unknown } {
  const { search, state } = useLocation();
  return { search, state };
}
