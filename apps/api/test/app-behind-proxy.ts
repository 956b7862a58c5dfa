import { buildTestApp, createTestDatabase, type TestApp } from './helpers';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

export interface AppBehindProxy {
  t: TestApp;
  /** The only line between the app and its PostgreSQL: cut it, freeze it, restore it. */
  proxy: TcpProxy;
  close(): Promise<void>;
}

/** The real app on its own database, reaching PostgreSQL only through a proxy the test controls. */
export async function appBehindProxy(): Promise<AppBehindProxy> {
  const database = await createTestDatabase();
  const url = new URL(database.url);
  const proxy = await startTcpProxy(Number(url.port), url.hostname);
  url.host = `127.0.0.1:${proxy.port}`;
  const t = await buildTestApp({ databaseUrl: url.toString() });
  return {
    t,
    proxy,
    async close() {
      await t.close();
      await proxy.close();
      await database.drop();
    },
  };
}
