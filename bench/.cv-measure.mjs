// temporary measurement script (not committed)
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
const url = process.argv[2] ?? 'http://127.0.0.1:3102/';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const scripts = [];
const page = await browser.newPage();
page.on('response', async (r) => {
  if (r.request().resourceType() === 'script') scripts.push({ url: r.url(), body: r.body() });
});
await page.goto(url, { waitUntil: 'networkidle' });
await page.getByRole('heading', { level: 1 }).first().waitFor();
let total = 0;
for (const s of scripts) {
  const g = gzipSync(await s.body, { level: 9 }).length;
  total += g;
  console.log(new URL(s.url).pathname, (g / 1000).toFixed(1));
}
console.log('total', (total / 1000).toFixed(1));
await browser.close();
