/**
 * Debian's Chromium, never a downloaded browser; the flags keep it off the (closed) network. A test file that
 * needs more flags spreads these: Playwright replaces `launchOptions` as a whole, it does not merge them.
 */
export const chromiumLaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
