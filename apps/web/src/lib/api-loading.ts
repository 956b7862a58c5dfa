import type { Dispatch, Middleware, Reducer } from '@reduxjs/toolkit';

/** What the store needs from the API slice to take it in; kept structural so this file stays tiny. */
export interface LoadedApi {
  reducerPath: 'api';
  reducer: Reducer;
  middleware: Middleware;
  /** Wires refetch-on-focus and refetch-on-reconnect to one store. */
  listen(dispatch: Dispatch): void;
}

let loadedApi: LoadedApi | null = null;
const waitingStores = new Set<(api: LoadedApi) => void>();

/**
 * The RTK Query slice (lib/api.ts, about 14 kB gzip with RTK Query itself) is loaded with the first
 * page that calls the server, not with the home page. Stores register here; the slice announces
 * itself when its module is evaluated, before any endpoint can be used.
 */
export function whenApiLoaded(connect: (api: LoadedApi) => void): void {
  if (loadedApi) connect(loadedApi);
  else waitingStores.add(connect);
}

export function announceApiLoaded(api: LoadedApi): void {
  loadedApi = api;
  for (const connect of waitingStores) connect(api);
  waitingStores.clear();
}
