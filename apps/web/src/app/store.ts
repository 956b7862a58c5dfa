import { PERSIST_KEY } from '@skillroute/shared/constants';
import type { ThunkDispatch, WithSlice } from '@reduxjs/toolkit';
import {
  applyMiddleware,
  combineReducers,
  compose,
  legacy_createStore as createStore,
  type Middleware,
  type Reducer,
  type Store,
  type StoreEnhancer,
  type UnknownAction,
} from 'redux';
import { persistReducer, persistStore, type PersistConfig, type Persistor } from 'redux-persist';
import { thunk } from 'redux-thunk';
import { adminAuthSlice } from '@/features/admin/admin-auth-slice';
import { authSlice } from '@/features/auth/auth-slice';
import { roadmapContentSlice } from '@/features/roadmaps/roadmap-content-slice';
import { themeOnStart, themeSlice } from '@/features/theme/theme-slice';
import { createAction } from '@/lib/actions';
import type { api } from '@/lib/api';
import { whenApiLoaded } from '@/lib/api-loading';
import { createSafeStorage, type PersistStorage } from '@/lib/safe-storage';

const slices = [themeSlice, authSlice, adminAuthSlice, roadmapContentSlice];

type Flat<T> = { [Key in keyof T]: T[Key] } & {};

// The API slice's state is typed as present, as RTK Query's selectors expect: it is there from the moment its
// module loads (apiConnected below), before any of its hooks or selectors can run.

export type RootState = Flat<
  {
    theme: ReturnType<typeof themeSlice.reducer>;
    auth: ReturnType<typeof authSlice.reducer>;
    adminAuth: ReturnType<typeof adminAuthSlice.reducer>;
    roadMap: ReturnType<typeof roadmapContentSlice.reducer>;
  } & WithSlice<typeof api>
>;

/**
 * The slices, and the API slice once its module has loaded (lib/api-loading.ts): one reducer function that stays
 * the same while the set grows, since persistReducer wraps it once.
 */
function rootReducerWithApi() {
  const reducers: Record<string, Reducer> = Object.fromEntries(
    slices.map((slice) => [slice.reducerPath, slice.reducer as Reducer]),
  );
  let combined = combineReducers(reducers);
  const reducer = (state: RootState | undefined, action: UnknownAction) =>
    combined(state, action) as RootState;
  const inject = (reducerPath: string, sliceReducer: Reducer) => {
    reducers[reducerPath] = sliceReducer;
    combined = combineReducers(reducers);
  };
  return { reducer, inject };
}

/**
 * The API slice's middleware, added once it has loaded: the store's middleware chain is fixed when it is made,
 * so this one passes actions on until then.
 */
function lateMiddleware() {
  let added: ReturnType<Middleware> | null = null;
  let storeApi: Parameters<Middleware>[0] | null = null;
  const middleware: Middleware = (api) => {
    storeApi = api;
    return (next) => (action) => (added ? added(next)(action) : next(action));
  };
  const add = (late: Middleware) => {
    if (storeApi) added = late(storeApi);
  };
  return { middleware, add };
}

/** Dispatched once the API slice has joined a store, so its state exists before any hook reads it. */
const apiConnected = createAction('app/apiConnected');

// The Redux DevTools extension, when a developer has it (what Redux Toolkit's configureStore wired in).
const composeEnhancers: (...enhancers: StoreEnhancer[]) => StoreEnhancer =
  (globalThis as { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: typeof compose })
    .__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ ?? compose;

/** Persisted under `root` (spec §1). Not roadMap (spec), not the API cache (docs/decisions/003). */
const PERSISTED_SLICES: (keyof RootState)[] = ['theme', 'auth', 'adminAuth'];

function persistConfig(storage: PersistStorage): PersistConfig<RootState> {
  return {
    key: PERSIST_KEY,
    storage,
    whitelist: PERSISTED_SLICES,
    // Restored slices replace their initial state, except that the saved theme preference (spec §4:
    // key `theme`) is the one source of the dark flag; from `root` only "the person chose" is taken,
    // so a chosen light theme stays light even on a system that asks for dark.
    stateReconciler: (inbound, original, reduced) => ({
      ...reduced,
      ...pickPersisted(inbound),
      theme: themeOnStart(inbound?.theme?.chosen === true),
    }),
  };
}

function pickPersisted(inbound: Partial<RootState> | undefined): Partial<RootState> {
  const picked: Partial<RootState> = {};
  for (const key of PERSISTED_SLICES) {
    if (inbound?.[key] !== undefined) Object.assign(picked, { [key]: inbound[key] });
  }
  // `leaving` lasts from a logout until home is on screen. Saved just before the page went away and
  // restored, it would send a signed-out visitor of a user-only page home instead of to /login.
  if (picked.auth) picked.auth = { user: picked.auth.user };
  return picked;
}

/** Builds a store and starts restoring it; tests pass their own storage. */
export function makeStore(storage: PersistStorage = createSafeStorage()) {
  const root = rootReducerWithApi();
  const late = lateMiddleware();
  const store = createStore(
    persistReducer(persistConfig(storage), root.reducer) as unknown as Reducer<RootState>,
    composeEnhancers(applyMiddleware(thunk, late.middleware)),
  ) as Store<RootState> & { dispatch: ThunkDispatch<RootState, unknown, UnknownAction> };
  const persistor: Persistor = persistStore(store);
  whenApiLoaded((loaded) => {
    root.inject(loaded.reducerPath, loaded.reducer);
    late.add(loaded.middleware);
    store.dispatch(apiConnected());
    // Refetch on focus and reconnect, for queries that opt in.
    loaded.listen(store.dispatch);
  });
  return { store, persistor };
}

export type AppStore = ReturnType<typeof makeStore>['store'];

// The typed hooks of lib/store-hooks.ts learn the store's types here, so features need not import the app layer.
// (Inside this block the name `AppDispatch` would be lib's own, hence `AppStore['dispatch']`.)
declare module '@/lib/store-hooks' {
  interface StoreTypes {
    state: RootState;
    dispatch: AppStore['dispatch'];
  }
}
