import { defineProject } from 'vitest/config';
import web, { storeTest } from './vitest.config';

// The store's own test is about what loading a module does (the API slice joins the store when its module
// loads) and about what the store writes to local storage: it keeps a module graph and a window of its own.
export default defineProject({
  ...web,
  test: { ...web.test, name: 'web-store', include: [storeTest], exclude: [], isolate: true },
});
