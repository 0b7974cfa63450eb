import { describe, expect, it } from 'vitest';
import { siteOrigin } from '../../functions/handlers/pages/origin';

describe("the site's origin for a document's absolute links", () => {
  it('is the host the visitor asked for (x-forwarded-host), not the function URL’s own', () => {
    expect(
      siteOrigin({ host: 'abc.lambda-url.eu-west-1.on.aws', 'x-forwarded-host': 'd1234.cloudfront.net', 'x-forwarded-proto': 'https' }),
    ).toBe('https://d1234.cloudfront.net');
    expect(siteOrigin({ 'x-forwarded-host': 'localhost:5173', 'x-forwarded-proto': 'http' })).toBe('http://localhost:5173');
    expect(siteOrigin({ host: 'Vaya-Dia.example' })).toBe('https://vaya-dia.example');
  });

  it('takes the first of a list of forwarded values', () => {
    expect(siteOrigin({ 'x-forwarded-host': 'site.example, proxy.internal', 'x-forwarded-proto': 'https,http' })).toBe(
      'https://site.example',
    );
  });

  it('refuses a host or scheme that could inject anything into a link', () => {
    for (const host of ['evil.example/path', 'a"b', 'site.example@evil', '<script>', 'site.example:99999999', '']) {
      expect(siteOrigin({ 'x-forwarded-host': host }), host).toBeUndefined();
    }
    expect(siteOrigin({ host: 'site.example', 'x-forwarded-proto': 'javascript' })).toBeUndefined();
    expect(siteOrigin({})).toBeUndefined();
  });
});
