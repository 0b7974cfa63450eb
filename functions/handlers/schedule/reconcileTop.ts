import { rebuildTop } from '../../domain/rankings';
import { logger } from '../../observability';
import { scheduledHandler } from '../triggers';
import { topRebuildStore } from '../../wiring';

const store = topRebuildStore();

/**
 * Run nightly by an EventBridge rule: makes the Top's rank rows what the posts' counts say
 * (functions/domain/rankings.ts rebuildTop), healing whatever a stream batch that failed for good left
 * behind. Locally the same is `npm run rebuild -- top`.
 */
export const handler = scheduledHandler('reconcileTop', async () => {
  const done = await rebuildTop(store);
  logger.info('top reconciled', { route: 'reconcileTop', ...done });
});
