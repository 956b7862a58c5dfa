import { PERSIST_KEY } from '@skillroute/shared/constants';
import {
  combineSlices,
  configureStore,
  createAction,
  createDynamicMiddleware,
  type WithSlice,
} from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  persistReducer,
  persistStore,
  type PersistConfig,
  type Persistor,
} from 'redux-persist';
import { adminAuthSlice } from '@/features/admin/admin-auth-slice';
import { authSlice } from '@/features/auth/auth-slice';
import { roadmapContentSlice } from '@/features/roadmaps/roadmap-content-slice';
import { themeOnStart, themeSlice } from '@/features/theme/theme-slice';
import type { api } from '@/lib/api';
import { whenApiLoaded } from '@/lib/api-loading';
import { createSafeStorage, type PersistStorage } from '@/lib/safe-storage';

/** The API slice is injected when its module first loads (lib/api-loading.ts): see makeStore. */
const rootReducer = combineSlices(
  themeSlice,
  authSlice,
  adminAuthSlice,
  roadmapContentSlice,
).withLazyLoadedSlices<WithSlice<typeof api>>();

/** Dispatched once the API slice has joined a store, so its state exists before any hook reads it. */
const apiConnected = createAction('app/apiConnected');

export type RootState = ReturnType<typeof rootReducer>;

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
  const dynamicMiddleware = createDynamicMiddleware();
  const store = configureStore({
    reducer: persistReducer(persistConfig(storage), rootReducer),
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        // redux-persist's own actions carry functions; they never reach a slice's state.
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(dynamicMiddleware.middleware),
  });
  const persistor: Persistor = persistStore(store);
  whenApiLoaded((loaded) => {
    rootReducer.inject(loaded);
    dynamicMiddleware.addMiddleware(loaded.middleware);
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
