import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { PersistGate } from 'redux-persist/es/integration/react';
import { useThemeSync } from '@/features/theme/use-theme-sync';
import { createAppRouter } from './router';
import type { makeStore } from './store';

type StoreBundle = ReturnType<typeof makeStore>;

function ThemeSync() {
  useThemeSync();
  return null;
}

/** Providers in order: the store, then nothing rendered until it is restored (spec §1), then routes. */
export function App({ store, persistor }: StoreBundle) {
  const [router] = useState(createAppRouter);
  return (
    <Provider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <ThemeSync />
        <RouterProvider router={router} />
      </PersistGate>
    </Provider>
  );
}
