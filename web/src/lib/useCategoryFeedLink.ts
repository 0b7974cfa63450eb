import { useEffect } from 'react';
import { DOCUMENT_PATHS, type Category } from '@contract';

/**
 * While a category's page is shown, its RSS feed is announced in the head
 * (`<link rel="alternate" type="application/rss+xml">`) beside the site's own, which index.html has.
 */
export function useCategoryFeedLink(category: Category | null | undefined) {
  useEffect(() => {
    if (!category) return undefined;
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.type = 'application/rss+xml';
    link.title = `Vaya día · ${category}`;
    link.href = DOCUMENT_PATHS.categoryRss(category);
    document.head.append(link);
    return () => link.remove();
  }, [category]);
}
