import { createAction } from './actions';

/**
 * Dispatched by the base query when a session could not be refreshed. The auth and adminAuth slices
 * (features) react to it; lib cannot import them, so the event lives here, below both.
 */
export const sessionExpired = createAction('session/expired');
