/**
 * The edges of the functions no HTTP request calls, one per kind of trigger (the HTTP one is
 * ./http/http.ts): each sets up the Lambda context, logs a failure and writes the invocation's
 * metrics in one place (functions/observability.ts `loggedInvocation`), so a handler holds only its
 * own work.
 *
 * A stream reader reports partial batch failures (`ReportBatchItemFailures` on its event source
 * mapping): it answers with the sequence numbers of the records that failed, and Lambda retries the
 * stream from the lowest of them — the records before it are done and never come again. One reader
 * may do the work of several parts (functions/postStreamParts.ts): each part takes the records its
 * own filter patterns match, the parts run side by side, and one failing neither blocks nor undoes
 * the others. A part that works on the batch as a whole (coalescing a burst of votes) names what
 * isolates a failure (`keyOf`, the post): when the batch fails, each post's records are tried on
 * their own and only those of the posts that failed are reported.
 *
 * A record retried comes with the records after it, which the parts may have handled already. Each
 * part remembers the records it handled, for as long as the execution environment lives, and skips
 * them when they come again, so a record that failed is, as far as this environment knows, retried
 * alone. Lambda may retry in another environment, which remembers nothing: every part is written to
 * take a record twice without harm (a conditional write, an overwrite, a live message clients apply
 * idempotently).
 */
import type {
  APIGatewayProxyResultV2,
  APIGatewayProxyWebsocketEventV2,
  Context,
  DynamoDBBatchResponse,
  DynamoDBRecord,
  DynamoDBStreamEvent,
} from 'aws-lambda';
import { matchesAny, type FilterPattern } from '../filterPatterns';
import { flushMetrics, loggedInvocation, logger } from '../observability';

/** One part of a stream reader's work. */
export type StreamPart<T> = {
  /** Its name in logs. */
  readonly name: string;
  /** The records it takes, of those its mapping lets through. @default every one */
  readonly filters?: readonly FilterPattern[];
  /**
   * What a failure is isolated by, for a part that works on the batch as a whole: the records of one
   * key (a post) are tried together. Undefined for a record that belongs to no key: it stands alone.
   * @default the whole batch fails or succeeds together
   */
  readonly keyOf?: (change: T) => string | undefined;
  /** Does the part's work on the changes, in stream order; throws when it could not. */
  run(changes: T[]): Promise<void>;
};

export type StreamReader<T> = {
  /** The reader's name in logs (`route`). */
  readonly route: string;
  /** Turns a record into the domain's change (functions/store/streamImages.ts, through the wiring). */
  readonly decode: (record: DynamoDBRecord) => T;
  readonly parts: readonly StreamPart<T>[];
};

/** How many handled records each part remembers: more than a few retried batches of 100. */
const REMEMBERED = 5_000;

type Item<T> = { id: string; sequenceNumber: string; record: DynamoDBRecord; decoded: boolean; change?: T };

/** The records a part handled lately, oldest forgotten first. */
class Handled {
  private readonly ids = new Set<string>();

  has(id: string): boolean {
    return this.ids.has(id);
  }

  add(items: readonly { id: string }[]): void {
    for (const { id } of items) {
      this.ids.add(id);
      if (this.ids.size > REMEMBERED) this.ids.delete(this.ids.values().next().value as string);
    }
  }
}

/** The handler of a stream reader: its parts' work, and the records that failed as `batchItemFailures`. */
export function streamHandler<T>(reader: StreamReader<T>) {
  const parts = reader.parts.map((part) => ({ part, handled: new Handled() }));
  return (event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> =>
    loggedInvocation(
      context,
      { route: reader.route },
      async () => {
        const items = event.Records.map((record): Item<T> => {
          const sequenceNumber = record.dynamodb?.SequenceNumber ?? '';
          const id = record.eventID ?? sequenceNumber;
          try {
            return { id, sequenceNumber, record, decoded: true, change: reader.decode(record) };
          } catch (error) {
            logger.error('stream record not decoded', { route: reader.route, sequenceNumber, error });
            return { id, sequenceNumber, record, decoded: false };
          }
        });
        // A record that cannot be decoded fails every part: it is retried, then goes to the failure destination.
        const undecoded = items.filter((item) => !item.decoded);
        const failed = new Set(undecoded.map((item) => item.sequenceNumber));
        const outcomes = await Promise.all(
          parts.map(({ part, handled }) =>
            settle(
              reader.route,
              part,
              handled,
              items.filter((item) => item.decoded && !handled.has(item.id) && matchesAny(part.filters ?? [], item.record)),
            ),
          ),
        );
        for (const sequenceNumber of outcomes.flat()) failed.add(sequenceNumber);
        return {
          batchItemFailures: items
            .filter((item) => failed.has(item.sequenceNumber))
            .map((item) => ({ itemIdentifier: item.sequenceNumber })),
        };
      },
      flushMetrics,
    );
}

/** Runs one part on its records; the sequence numbers of those that failed. */
async function settle<T>(route: string, part: StreamPart<T>, handled: Handled, items: Item<T>[]): Promise<string[]> {
  if (items.length === 0) return [];
  const attempt = async (group: Item<T>[]) => {
    await part.run(group.map((item) => item.change as T));
    handled.add(group);
  };
  let error: unknown;
  try {
    await attempt(items);
    return [];
  } catch (caught) {
    error = caught;
  }
  const groups = new Map<string, Item<T>[]>();
  if (part.keyOf) {
    for (const item of items) {
      const key = part.keyOf(item.change as T) ?? `record ${item.id}`;
      groups.set(key, [...(groups.get(key) ?? []), item]);
    }
  }
  let failed = items;
  if (groups.size > 1) {
    failed = [];
    for (const group of groups.values()) {
      try {
        await attempt(group);
      } catch (caught) {
        error = caught;
        failed.push(...group);
      }
    }
  }
  logger.error('stream part failed', { route, part: part.name, records: items.length, failed: failed.length, error });
  return failed.map((item) => item.sequenceNumber);
}

/** The handler of a WebSocket route. `$connect` and `$disconnect` count nothing: no metrics are written. */
export function webSocketHandler(route: string, run: (event: APIGatewayProxyWebsocketEventV2) => Promise<APIGatewayProxyResultV2>) {
  return (event: APIGatewayProxyWebsocketEventV2, context?: Context): Promise<APIGatewayProxyResultV2> =>
    loggedInvocation(context, { route }, () => run(event));
}

/** The handler of a function run on a schedule (an EventBridge rule). */
export function scheduledHandler(route: string, run: () => Promise<void>) {
  return (_event: unknown, context?: Context): Promise<void> => loggedInvocation(context, { route }, run, flushMetrics);
}

/** The handler of a function other functions invoke asynchronously; it checks its own event. */
export function invokedHandler(route: string, run: (event: unknown) => Promise<void>) {
  return (event: unknown, context?: Context): Promise<void> => loggedInvocation(context, { route }, () => run(event), flushMetrics);
}
