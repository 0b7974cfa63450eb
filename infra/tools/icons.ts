/**
 * `npm run icons`: the app's icons for the web app manifest (web/public/manifest.webmanifest), drawn
 * from the site's logo (web/public/favicon.svg) by headless Chromium (Debian's /usr/bin/chromium, or
 * CHROMIUM_PATH) and written as PNGs into web/public/icons, which are committed: 192 and 512 px as
 * the logo is (rounded corners), and a 512 px maskable one, whose background fills the square and
 * whose mark sits inside the middle 80 % that every launcher's mask keeps.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LOGO = readFileSync(`${ROOT}web/public/favicon.svg`, 'utf8');

/** The logo as is, or (maskable) with a square background and the mark scaled into the safe zone. */
function svgOf(maskable: boolean): string {
  if (!maskable) return LOGO;
  const fill = /<rect[^>]*fill="([^"]+)"/.exec(LOGO)?.[1] ?? '#7a1f2b';
  const inner = LOGO.replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '')
    .replace(/<rect[^>]*\/>/, '');
  // 64 units wide; the mark is scaled to 70 % about the centre, well inside the 80 % safe circle.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${fill}"/><g transform="translate(9.6 9.6) scale(0.7)">${inner}</g></svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
] as const;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    const svg = svgOf(icon.maskable).replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`);
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
    writeFileSync(`${ROOT}web/public/icons/${icon.file}`, png);
    console.log(`web/public/icons/${icon.file}: ${icon.size}×${icon.size}, ${png.length} bytes`);
    await page.close();
  }
} finally {
  await browser.close();
}
