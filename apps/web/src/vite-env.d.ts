/// <reference types="vite/client" />

/** A language's compiled messages (apps/web/i18n-catalogues.ts). */
declare module 'virtual:skillroute-catalogue/*' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
