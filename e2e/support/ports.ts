import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where the browser suite runs the app, its SMTP capture, and the capture's HTTP side (e2e/mailbox.mjs). */
export const appPort = Number(process.env.E2E_PORT ?? 4310);
export const baseURL = `http://localhost:${appPort}`;
export const mailboxPorts = { smtp: appPort + 1, http: appPort + 2 };
/** The server's data folder (fresh each run): tests read the demo admin's generated password from it. */
export const dataDir = path.join(tmpdir(), `skillroute-e2e-${appPort}`);
