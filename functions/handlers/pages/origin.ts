/** A host name or address with an optional port: nothing that could break out of a URL. */
const HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$/;

/**
 * `https://host[:port]` of the site as the visitor reached it, for the absolute links of a document:
 * `x-forwarded-host` (CloudFront's viewer-request function copies the viewer's Host there; the local
 * web server does the same), else `host`; `x-forwarded-proto` (set by the function URL, and locally),
 * else https. Undefined when the headers make no sense (the caller answers 400).
 */
export function siteOrigin(headers: Record<string, string | undefined>): string | undefined {
  const host = headers['x-forwarded-host']?.split(',')[0]?.trim() ?? headers.host;
  const proto = headers['x-forwarded-proto']?.split(',')[0]?.trim() ?? 'https';
  if (!host || !HOST.test(host) || (proto !== 'https' && proto !== 'http')) return undefined;
  return `${proto}://${host.toLowerCase()}`;
}
