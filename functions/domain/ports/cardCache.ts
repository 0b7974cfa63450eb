/** The copies of share cards a cache in front of the image function keeps (CloudFront's `/og/*`). */
export interface CardCache {
  /** Drops every cached copy of `paths` (card paths with their `?v=`): the next request reaches the image function. */
  forget(paths: readonly string[]): Promise<void>;
}
