/**
 * The site's Content-Security-Policy, built in one place for CloudFront (infra/constructs/site.ts)
 * and for the local server of the production build (infra/local/aws/cloudfront/webServer.ts), so the end-to-end
 * tests run the app under the same policy visitors get.
 */
import { createHash } from 'node:crypto';

export type ContentSecurityPolicyInput = {
  /** Origins the app may fetch or open sockets to besides its own: the API, the WebSocket, Cognito. */
  connectSources: string[];
  /**
   * The built `index.html`: each inline `<style>` and `<script>` in it (the early-start script of
   * web/src/lib/earlyStart.ts) is allowed by its hash, and nothing else inline.
   */
  indexHtml: string;
};

export function contentSecurityPolicy({ connectSources, indexHtml }: ContentSecurityPolicyInput): string {
  const styleHashes = inlineHashes(indexHtml, 'style');
  const scriptHashes = inlineHashes(indexHtml, 'script');
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    ["style-src 'self'", ...styleHashes].join(' '),
    "img-src 'self' data:",
    "font-src 'self'",
    ["connect-src 'self'", ...connectSources].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** `'sha256-…'` of the text of every inline `<tag>` element (without a `src`) in the page. */
export function inlineHashes(html: string, tag: 'style' | 'script'): string[] {
  const pattern = new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'gi');
  const hashes: string[] = [];
  for (const match of html.matchAll(pattern)) {
    if (/\ssrc\s*=/.test(match[1] ?? '')) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return hashes;
}
