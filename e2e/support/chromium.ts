/**
 * Debian's Chromium, never a downloaded browser: its headless shell (Debian's `chromium-headless-shell`, built
 * from the same source and version as `/usr/bin/chromium`), the build Playwright itself runs headless tests in.
 * It draws and runs the same Blink and V8 without the full browser's window machinery, and the suite took a quarter
 * to a third less CPU in it (decision 077). `E2E_CHROMIUM=/usr/bin/chromium` runs the full browser, e.g. to watch a
 * test with `--headed`. The flags keep it off the (closed) network. A test file that needs more flags spreads
 * these: Playwright replaces `launchOptions` as a whole, it does not merge them.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell',
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
