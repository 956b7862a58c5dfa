import type { UnknownAction } from 'redux';

/** An action creator of one type, as Redux Toolkit's `createAction` makes them: `.type` and `.match` included. */
export interface ActionCreator<Payload> {
  (...payload: Payload extends void ? [] : [payload: Payload]): { type: string; payload: Payload };
  type: string;
  match(action: UnknownAction): action is UnknownAction & { type: string; payload: Payload };
}

/**
 * The client slices (theme, auth, adminAuth, roadMap) are plain reducers over Redux, without Redux Toolkit or
 * Immer: those two (about 8 kB brotli with reselect) then load with the API slice, the first time a page talks to
 * the server, instead of with every page (docs/decisions/067).
 */
export function createAction<Payload = void>(type: string): ActionCreator<Payload> {
  const creator = (...args: unknown[]) => ({ type, payload: args[0] as Payload });
  return Object.assign(creator, {
    type,
    match: (action: UnknownAction): action is UnknownAction & { type: string; payload: Payload } =>
      action.type === type,
  }) as ActionCreator<Payload>;
}
