import { useEffect } from 'react';
import { categoryFeedTitle, DOCUMENT_PATHS } from '@contract/documents';
import type { Category } from '@contract/categories';

/**
 * While a category's page is shown, its RSS feed is announced in the head
 * (`<link rel="alternate" type="application/rss+xml">`) beside the site's own, which index.html has.
 */
export function useCategoryFeedLink(category: Category | null | undefined) {
  useEffect(() => {
    if (!category) return undefined;
    const href = DOCUMENT_PATHS.categoryRss(category);
    // A document the page function rendered for this category already has it.
    let link = document.head.querySelector<HTMLLinkElement>(`link[rel="alternate"][href="${href}"]`);
    if (!link) {
      link = document.createElement('link');
      link.rel = 'alternate';
      link.type = 'application/rss+xml';
      link.title = categoryFeedTitle(category);
      link.href = href;
      document.head.append(link);
    }
    return () => link.remove();
  }, [category]);
}
