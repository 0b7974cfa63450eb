import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';

/**
 * Delivers stream records to a handler in order, in batches, one batch at a time, like one shard's
 * event source mapping. A failing batch is logged and dropped; the handler isolates its own
 * failures, so this only happens when the connections table itself cannot be read.
 */
export function streamDelivery(handler: (event: DynamoDBStreamEvent) => Promise<void>, maxBatch = 100) {
  const queue: DynamoDBRecord[] = [];
  let running: Promise<void> | undefined;

  const drain = async () => {
    while (queue.length > 0) {
      const Records = queue.splice(0, maxBatch);
      try {
        await handler({ Records });
      } catch (error) {
        console.error('local stream delivery: batch failed', error);
      }
    }
    running = undefined;
  };

  return {
    push(record: DynamoDBRecord): void {
      queue.push(record);
      running ??= Promise.resolve().then(drain);
    },
    /** Resolves when every record pushed so far has been handled. */
    async idle(): Promise<void> {
      while (running) await running;
    },
  };
}
