import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { Category } from '@contract/categories';
import { useCategoryFeedLink } from '../../web/src/lib/useCategoryFeedLink';

const feedLinks = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][type="application/rss+xml"]')].map((link) =>
    link.getAttribute('href'),
  );

describe("a category page's RSS link", () => {
  it("announces the category's feed in the head while the page is shown, and only that one", () => {
    const { rerender, unmount } = renderHook(({ category }: { category: Category | null | undefined }) => useCategoryFeedLink(category), {
      initialProps: { category: 'amor' as Category | null | undefined },
    });
    expect(feedLinks()).toEqual(['/category/amor/rss.xml']);
    rerender({ category: 'trabajo' });
    expect(feedLinks()).toEqual(['/category/trabajo/rss.xml']);
    rerender({ category: null });
    expect(feedLinks()).toEqual([]);
    rerender({ category: 'familia' });
    unmount();
    expect(feedLinks()).toEqual([]);
  });
});
