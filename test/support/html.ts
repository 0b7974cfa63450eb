/** Pages as a crawler or a link preview reads them: the HTML the server sent, parsed by jsdom, no script run. */
import { createRequire } from 'node:module';

export type HtmlElement = { textContent: string | null; getAttribute(name: string): string | null };
export type HtmlDocument = {
  title: string;
  querySelector(selector: string): HtmlElement | null;
  querySelectorAll(selector: string): ArrayLike<HtmlElement> & Iterable<HtmlElement>;
};

// jsdom ships no types of its own here; only what these tests read is declared.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { document: HtmlDocument } } };

/** Fetches `url` and parses its HTML; `meta(key)` reads a `<meta property|name="key">`'s content. */
export async function fetchHtml(
  url: string,
): Promise<{ status: number; document: HtmlDocument; meta: (key: string) => string | null | undefined }> {
  const response = await fetch(url);
  const document = new JSDOM(await response.text()).window.document;
  const meta = (key: string) =>
    document.querySelector(`meta[property="${key}"]`)?.getAttribute('content') ??
    document.querySelector(`meta[name="${key}"]`)?.getAttribute('content');
  return { status: response.status, document, meta };
}
