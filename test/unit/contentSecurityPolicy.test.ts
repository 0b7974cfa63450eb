import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../infra/contentSecurityPolicy';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('contentSecurityPolicy', () => {
  const html = '<html><head><style>body{margin:0}</style><script type="module" src="/assets/a.js"></script></head></html>';
  const policy = contentSecurityPolicy({ connectSources: ['https://api.example', 'wss://ws.example'], indexHtml: html });

  it("allows exactly the page's inline styles by hash, and no inline script", () => {
    expect(policy).toContain(`style-src 'self' ${sha('body{margin:0}')}`);
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain('unsafe-inline');
  });

  it("allows exactly the page's inline scripts by hash, never a script with a src", () => {
    const early = '(function(){window.x=fetch("/config.json")})()';
    const withScripts = `<html><head><meta charset="utf-8" /><script>${early}</script><style>p{}</style><script>let y = 1;</script></head><body><script type="module" crossorigin src="/assets/a.js"></script></body></html>`;
    const scriptPolicy = contentSecurityPolicy({ connectSources: [], indexHtml: withScripts });
    expect(scriptPolicy).toContain(`script-src 'self' ${sha(early)} ${sha('let y = 1;')};`);
    expect(scriptPolicy).toContain(`style-src 'self' ${sha('p{}')};`);
    expect(scriptPolicy).not.toContain('unsafe-inline');
    expect(scriptPolicy).not.toContain(sha(''));
  });

  it('lets the app connect to its own origin and the given backends only', () => {
    expect(policy).toContain("connect-src 'self' https://api.example wss://ws.example;");
    expect(policy).toContain("frame-ancestors 'none'");
  });
});
