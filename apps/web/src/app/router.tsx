import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

/** The data router of the running app; tests build a memory router over the same `routes`. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
