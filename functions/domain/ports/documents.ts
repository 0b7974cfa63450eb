/** A published post as the sitemap lists it. */
export type SitemapEntry = { id: string; publishedAt: string };

/**
 * What the sitemap reads: bounded queries of the (sparse, published-only) feed index, projecting only
 * ids and publication times. Never a Scan.
 */
export interface SitemapSource {
  /** The newest published posts, at most `limit`; `more` when there are others. One Query. */
  newest(limit: number): Promise<{ entries: SitemapEntry[]; more: boolean }>;
  /** When the oldest post still published was published. One Query of one item. */
  oldestPublishedAt(): Promise<string | undefined>;
  /** Posts published on one UTC day (`YYYY-MM-DD`), oldest first, at most `limit`. */
  publishedOn(day: string, limit: number): Promise<SitemapEntry[]>;
}
