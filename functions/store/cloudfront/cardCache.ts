import { randomUUID } from 'node:crypto';
import { CreateInvalidationCommand, type CloudFrontClient } from '@aws-sdk/client-cloudfront';
import type { CardCache } from '../../domain/ports/cardCache';

/** CloudFront takes at most 3,000 paths in one invalidation (and in progress at once, without wildcards). */
const MAX_PATHS = 3_000;

/** The site's distribution: a card is forgotten by an invalidation of its exact path. */
export class CloudFrontCardCache implements CardCache {
  constructor(
    private readonly client: CloudFrontClient,
    private readonly distributionId: string,
  ) {}

  async forget(paths: readonly string[]): Promise<void> {
    for (let start = 0; start < paths.length; start += MAX_PATHS) {
      const items = paths.slice(start, start + MAX_PATHS);
      await this.client.send(
        new CreateInvalidationCommand({
          DistributionId: this.distributionId,
          InvalidationBatch: {
            // A new reference each time: the same card may leave, come back and leave again, and CloudFront
            // answers a reused reference with the earlier invalidation instead of making a new one.
            CallerReference: randomUUID(),
            Paths: { Quantity: items.length, Items: items },
          },
        }),
      );
    }
  }
}
