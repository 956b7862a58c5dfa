import { render } from '@testing-library/react';
import type * as React from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import { makeStore } from '@/app/store';
import { noopStorage } from '@/lib/safe-storage';

/** A fresh store that persists nothing, so tests do not leak state through local storage. */
export function makeTestStore() {
  return makeStore(noopStorage).store;
}

/** Renders routes in a memory router at `path` (a path, or a location with router state), inside a store. */
export function renderRoutes(routes: RouteObject[], path: InitialEntry, store = makeTestStore()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, router, store };
}

export function renderWithStore(ui: React.ReactElement, store = makeTestStore()) {
  return { ...render(<Provider store={store}>{ui}</Provider>), store };
}
