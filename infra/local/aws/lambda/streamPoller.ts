/**
 * The local stand-in for Lambda's DynamoDB event source mapping: reads a table's real stream from
 * DynamoDB Local and invokes one stream-triggered function (infra/functions.ts) the way the mapping
 * the stack declares would:
 * - it starts at LATEST, reads each shard in order and a child shard only after its parent;
 * - with a checkpoint file (`checkpoints`), it records after each batch how far each shard is handled
 *   and, started again, resumes from there (as the mapping keeps its position across a function's
 *   outages): a stop or a kill in the middle of a batch delivers that batch again, never skips it;
 * - a shard's position moves past a record only once its batch is handled: a batch cut short while
 *   it is gathered (a read failing because DynamoDB Local went down, say) is read again from its
 *   first record, never dropped while the shard reads on;
 * - records that match none of the function's filter patterns are dropped before batching;
 * - batches hold up to `batchSize` records, gathered for up to `maxBatchingWindowSeconds`;
 * - the function reports partial batch failures (`batchItemFailures`, as every mapping of the stack
 *   declares `ReportBatchItemFailures`): the records before the lowest failed sequence number are
 *   done, and the batch is retried from that record; an identifier that names no record of the
 *   batch fails the whole batch;
 * - a batch that throws is bisected (when declared); a failing batch is retried `retryAttempts`
 *   times; what still fails, or is older than `maxRecordAgeSeconds`, goes to the on-failure
 *   destination — locally a log line with the metadata Lambda would send to the queue. An attempt
 *   that failed while DynamoDB Local was down (killed, restarting: an outage DynamoDB itself does not
 *   have) does not count: the batch waits until it answers again;
 * - a stream has two readers at most: DynamoDB Streams serves two a shard, more throttle each
 *   other (and the live feed falls behind), so a third mapping on one stream is refused at start.
 * An empty shard is polled four times a second, as Lambda does. A batch whose records may have waited
 * more than `lateAfterMs` to be handled is logged as a warning (the stand-in's IteratorAge, which the
 * stack alarms on past a minute), with where the time went: since the shard's previous read (a record
 * written just after it waited that long to be read), gathering the batch, and the function. (The records'
 * own creation times cannot say it here: DynamoDB Local gives them to the minute.)
 */
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  TrimmedDataAccessException,
  type _Record as StreamRecord,
  type Shard,
  type ShardIteratorType,
} from '@aws-sdk/client-dynamodb-streams';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { inspect } from 'node:util';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { StreamTrigger } from '../../../functions';
import { checkPattern, matchesAny } from '../../../../functions/filterPatterns';

const EMPTY_POLL_MS = 250;
const LATE_AFTER_MS = 5000;
const SHARD_REFRESH_MS = 5000;

export type StreamPollerOptions = {
  client: DynamoDBStreamsClient;
  streamArn: string;
  region: string;
  functionId: string;
  trigger: StreamTrigger;
  invoke(event: DynamoDBStreamEvent): Promise<unknown>;
  /** Where this mapping's position is kept (a JSON file); without one it starts at LATEST every time. */
  checkpoints?: string;
  /** A batch that may have waited longer than this to be handled is logged as late. @default 5000 */
  lateAfterMs?: number;
};

export type StreamPoller = {
  /** Resolves once every record written so far has been handled (or sent to the failure destination). */
  idle(): Promise<void>;
  close(): Promise<void>;
};

type ShardState = {
  shard: Shard;
  iterator?: string;
  lastSequenceNumber?: string;
  /** The last record handled (delivered, filtered out or sent to the failure destination). */
  handledSequenceNumber?: string;
  /** Set when a batch was not handled: the shard is read again from this record. */
  rereadFrom?: string;
  done: boolean;
  /** Records created before this (epoch seconds) were there before the mapping first started: skipped. */
  skipBefore?: number;
  /** When the shard was last read (Date.now()). */
  readAt?: number;
};

/**
 * The last sequence number handled, by shard, and when the mapping first started, kept in a file
 * written atomically (a kill leaves the old one or the new one).
 */
class CheckpointFile {
  private readonly state: { since: number; positions: Record<string, string> };
  readonly existed: boolean;

  constructor(private readonly path: string) {
    this.existed = existsSync(path);
    this.state = this.existed
      ? (JSON.parse(readFileSync(path, 'utf8')) as CheckpointFile['state'])
      : { since: Math.floor(Date.now() / 1000), positions: {} };
    if (!this.existed) this.write();
  }

  /** When the mapping first started (epoch seconds). */
  get since(): number {
    return this.state.since;
  }

  get(shardId: string): string | undefined {
    return this.state.positions[shardId];
  }

  set(shardId: string, sequenceNumber: string): void {
    if (this.state.positions[shardId] === sequenceNumber) return;
    this.state.positions[shardId] = sequenceNumber;
    this.write();
  }

  private write(): void {
    mkdirSync(dirname(this.path), { recursive: true });
    writeFileSync(`${this.path}.tmp`, JSON.stringify(this.state));
    renameSync(`${this.path}.tmp`, this.path);
  }
}

/** The most mappings one stream may have: what DynamoDB Streams serves a shard without throttling. */
export const MAX_STREAM_READERS = 2;

/** The functions reading each stream, by the database they read it from (one client per local cloud). */
const readers = new WeakMap<DynamoDBStreamsClient, Map<string, Set<string>>>();

/** The position of the first record the function reported failed; undefined when none did. */
function firstFailure(records: readonly DynamoDBRecord[], result: unknown): number | undefined {
  const failures = (result as { batchItemFailures?: unknown } | null | undefined)?.batchItemFailures;
  if (!Array.isArray(failures) || failures.length === 0) return undefined;
  const positions = failures.map((failure) =>
    records.findIndex((record) => {
      const id = (failure as { itemIdentifier?: unknown } | null)?.itemIdentifier;
      return typeof id === 'string' && id !== '' && record.dynamodb?.SequenceNumber === id;
    }),
  );
  // One identifier that names no record of the batch fails all of it, as Lambda does.
  return positions.includes(-1) ? 0 : Math.min(...positions);
}

export async function startStreamPoller(options: StreamPollerOptions): Promise<StreamPoller> {
  const { client, streamArn, trigger } = options;
  for (const pattern of trigger.filters) checkPattern(pattern);
  const byStream = readers.get(client) ?? new Map<string, Set<string>>();
  readers.set(client, byStream);
  const onStream = byStream.get(streamArn) ?? new Set<string>();
  if (onStream.size >= MAX_STREAM_READERS) {
    throw new Error(
      `The ${trigger.table} table's stream (${streamArn}) has ${MAX_STREAM_READERS} readers already (${[...onStream].join(', ')}): ` +
        `${options.functionId} would be one more. DynamoDB Streams serves ${MAX_STREAM_READERS} readers a shard; more throttle ` +
        'each other. Give its work to one of them as a part (functions/handlers/triggers.ts).',
    );
  }
  onStream.add(options.functionId);
  byStream.set(streamArn, onStream);
  const shards = new Map<string, ShardState>();
  const checkpoints = options.checkpoints ? new CheckpointFile(options.checkpoints) : undefined;
  let running = true;
  let lastRefresh = 0;
  let wake: (() => void) | undefined;

  const iteratorFor = async (shardId: string, type: ShardIteratorType, sequenceNumber?: string) =>
    (
      await client.send(
        new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: type, SequenceNumber: sequenceNumber }),
      )
    ).ShardIterator;

  /**
   * Learns of new shards. A shard with a checkpoint resumes after it. At a first start, open shards
   * are read from LATEST and closed ones are history; started again (the checkpoint file exists), a
   * shard never read is read from its beginning, so nothing written since the last run is skipped.
   */
  const refreshShards = async (initial: boolean) => {
    lastRefresh = Date.now();
    let exclusiveStartShardId: string | undefined;
    do {
      const { StreamDescription } = await client.send(
        new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: exclusiveStartShardId }),
      );
      for (const shard of StreamDescription?.Shards ?? []) {
        if (!shard.ShardId || shards.has(shard.ShardId)) continue;
        const closed = shard.SequenceNumberRange?.EndingSequenceNumber !== undefined;
        const handled = checkpoints?.get(shard.ShardId);
        if (handled) {
          const iterator = await iteratorFor(shard.ShardId, 'AFTER_SEQUENCE_NUMBER', handled);
          shards.set(shard.ShardId, {
            shard,
            iterator,
            lastSequenceNumber: handled,
            handledSequenceNumber: handled,
            done: iterator === undefined,
          });
        } else if (initial && closed && !checkpoints?.existed) {
          shards.set(shard.ShardId, { shard, done: true });
        } else {
          const fromLatest = initial && !checkpoints?.existed;
          const iterator = await iteratorFor(shard.ShardId, fromLatest ? 'LATEST' : 'TRIM_HORIZON');
          // A shard read from its beginning after a restart: what predates the mapping is not its to handle.
          const skipBefore = !fromLatest && checkpoints?.existed ? checkpoints.since : undefined;
          shards.set(shard.ShardId, { shard, iterator, done: iterator === undefined, skipBefore });
        }
      }
      exclusiveStartShardId = StreamDescription?.LastEvaluatedShardId;
    } while (exclusiveStartShardId);
  };

  /** Shards whose turn it is: not finished, and their parent (if this poller knows it) finished. */
  const readyShards = () =>
    [...shards.values()].filter((state) => {
      if (state.done) return false;
      const parent = state.shard.ParentShardId ? shards.get(state.shard.ParentShardId) : undefined;
      return !parent || parent.done;
    });

  /** One GetRecords on a shard; a lost or expired iterator is renewed after the last record read. */
  const read = async (state: ShardState, limit: number): Promise<StreamRecord[]> => {
    const shardId = state.shard.ShardId ?? '';
    try {
      if (state.rereadFrom) {
        state.iterator = await iteratorFor(shardId, 'AT_SEQUENCE_NUMBER', state.rereadFrom);
        state.rereadFrom = undefined;
      }
      const page = await client.send(new GetRecordsCommand({ ShardIterator: state.iterator, Limit: limit }));
      state.iterator = page.NextShardIterator;
      if (!state.iterator) state.done = true; // closed and drained: its children may go now
      const records = page.Records ?? [];
      const last = records.at(-1)?.dynamodb?.SequenceNumber;
      if (last) state.lastSequenceNumber = last;
      return records;
    } catch (error) {
      if (error instanceof ExpiredIteratorException) {
        state.iterator = state.lastSequenceNumber
          ? await iteratorFor(shardId, 'AFTER_SEQUENCE_NUMBER', state.lastSequenceNumber)
          : await iteratorFor(shardId, 'LATEST');
        return [];
      }
      if (error instanceof TrimmedDataAccessException) {
        state.rereadFrom = undefined;
        state.iterator = await iteratorFor(shardId, 'TRIM_HORIZON');
        return [];
      }
      throw error;
    }
  };

  const sendToFailureDestination = (state: ShardState, records: DynamoDBRecord[], reason: string, error?: unknown) => {
    // The fields of the message Lambda sends to an on-failure destination for a stream batch.
    console.error(
      JSON.stringify({
        level: 'error',
        message: 'stream batch sent to the on-failure destination',
        function: options.functionId,
        reason,
        error: error instanceof Error ? `${error.name}: ${error.message}` : error === undefined ? undefined : inspect(error),
        DDBStreamBatchInfo: {
          shardId: state.shard.ShardId,
          startSequenceNumber: records[0]?.dynamodb?.SequenceNumber,
          endSequenceNumber: records.at(-1)?.dynamodb?.SequenceNumber,
          batchSize: records.length,
          streamArn,
        },
      }),
    );
  };

  /**
   * Invokes with retries and bisection; never throws. False when the poller was stopped before the
   * records were handled (delivered, or sent to the failure destination): they are not checkpointed.
   */
  const deliver = async (state: ShardState, records: DynamoDBRecord[]): Promise<boolean> => {
    let lastError: unknown;
    let pending = records;
    for (let attempt = 0; attempt <= trigger.retryAttempts; attempt++) {
      try {
        const failed = firstFailure(pending, await options.invoke({ Records: pending }));
        if (failed === undefined) return true;
        // The records before the first failure are done: the retry starts at it.
        pending = pending.slice(failed);
        lastError = `the function reported ${pending[0]?.dynamodb?.SequenceNumber ?? '?'} failed`;
      } catch (error) {
        lastError = error;
        if (trigger.bisectBatchOnError && pending.length > 1) {
          const half = Math.ceil(pending.length / 2);
          return (await deliver(state, pending.slice(0, half))) && (await deliver(state, pending.slice(half)));
        }
      }
      if (!running) return false;
      if (!(await databaseAnswers())) {
        // DynamoDB Local is down (killed, restarting): the attempt failed on the stand-in's outage, which
        // DynamoDB itself does not have, so it does not count; the batch is tried again once it answers.
        if (!(await untilDatabaseAnswers())) return false;
        attempt--;
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 100 * 2 ** attempt)));
    }
    sendToFailureDestination(state, pending, 'RetryAttemptsExhausted', lastError);
    return true;
  };

  /** Whether DynamoDB Local answers at all (an answer with an error status is an answer). */
  const databaseAnswers = async (): Promise<boolean> => {
    try {
      await client.send(new DescribeStreamCommand({ StreamArn: streamArn, Limit: 1 }));
      return true;
    } catch (error) {
      return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode !== undefined;
    }
  };

  /** Waits until DynamoDB Local answers again; false when the poller was stopped first. */
  const untilDatabaseAnswers = async (): Promise<boolean> => {
    while (running) {
      if (await databaseAnswers()) return true;
      await sleep(500);
    }
    return false;
  };

  /** The stand-in's IteratorAge: a warning when a batch may have been handled late, and where the time went. */
  const reportIfLate = (records: number, unreadMs: number, gatheringMs: number, functionMs: number) => {
    if (unreadMs + gatheringMs + functionMs <= (options.lateAfterMs ?? LATE_AFTER_MS)) return;
    console.warn(
      JSON.stringify({
        level: 'warn',
        message: 'local stream poller: batch handled late',
        function: options.functionId,
        records,
        sincePreviousReadMs: unreadMs,
        gatheringMs,
        functionMs,
      }),
    );
  };

  const toLambdaRecord = (record: StreamRecord): DynamoDBRecord => ({
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: options.region,
    eventSourceARN: streamArn,
    dynamodb: {
      ...(record.dynamodb as DynamoDBRecord['dynamodb']),
      // Lambda sends epoch seconds; the SDK gives a Date.
      ApproximateCreationDateTime: record.dynamodb?.ApproximateCreationDateTime
        ? Math.floor(record.dynamodb.ApproximateCreationDateTime.getTime() / 1000)
        : undefined,
    },
  });

  /**
   * The shard is read again from `first`, the first record of a batch that was not handled: its
   * position goes back to the last record handled, as the mapping's would (it moves only past records
   * processed).
   */
  const rewind = (state: ShardState, first: string) => {
    state.rereadFrom = first;
    state.lastSequenceNumber = state.handledSequenceNumber;
    state.done = false;
  };

  /** Reads one shard until a batch is full, the batching window closes, or the shard has nothing more. */
  const processShard = async (state: ShardState): Promise<boolean> => {
    const batch: DynamoDBRecord[] = [];
    const windowEnds = Date.now() + trigger.maxBatchingWindowSeconds * 1000;
    // The first record this batch read: where the shard is read again if the batch is not handled.
    let first: string | undefined;
    // How long the batch's first records may have waited to be read (since the read before), and when they were.
    let unreadMs: number | undefined;
    let firstReadAt: number | undefined;
    try {
      while (running && !state.done && batch.length < trigger.batchSize) {
        const previousRead = state.readAt;
        const records = await read(state, trigger.batchSize - batch.length);
        state.readAt = Date.now();
        if (records.length > 0 && firstReadAt === undefined) {
          firstReadAt = state.readAt;
          unreadMs = previousRead === undefined ? 0 : state.readAt - previousRead;
        }
        first ??= records[0]?.dynamodb?.SequenceNumber;
        for (const record of records.map(toLambdaRecord)) {
          const created = record.dynamodb?.ApproximateCreationDateTime;
          if (created !== undefined && state.skipBefore !== undefined && created < state.skipBefore) continue;
          if (created !== undefined && Date.now() / 1000 - created > trigger.maxRecordAgeSeconds) {
            sendToFailureDestination(state, [record], 'RecordAgeExceeded');
          } else if (matchesAny(trigger.filters, record)) {
            batch.push(record);
          }
        }
        if (batch.length === 0 || Date.now() >= windowEnds) break;
        if (records.length === 0) await sleep(Math.min(EMPTY_POLL_MS, windowEnds - Date.now()));
      }
    } catch (error) {
      // A read failed while the batch was gathered: what it holds was read, not handled.
      if (first) rewind(state, first);
      throw error;
    }
    const invokedAt = Date.now();
    const handled = batch.length === 0 || (await deliver(state, batch));
    if (batch.length > 0 && firstReadAt !== undefined)
      reportIfLate(batch.length, unreadMs ?? 0, invokedAt - firstReadAt, Date.now() - invokedAt);
    if (!handled) {
      if (first) rewind(state, first);
    } else if (first && state.lastSequenceNumber) {
      // Everything read so far is handled (delivered, filtered out or sent to the failure destination).
      state.handledSequenceNumber = state.lastSequenceNumber;
      checkpoints?.set(state.shard.ShardId ?? '', state.lastSequenceNumber);
    }
    return first !== undefined;
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  let idleWaiters: Array<() => void> = [];
  await refreshShards(true);
  const loop = (async () => {
    while (running) {
      try {
        if (Date.now() - lastRefresh > SHARD_REFRESH_MS || readyShards().length === 0) await refreshShards(false);
        let sawAny = false;
        for (const state of readyShards()) {
          if (!running) break;
          if (await processShard(state)) sawAny = true;
          if (state.done) await refreshShards(false);
        }
        if (!sawAny) {
          for (const resolve of idleWaiters) resolve();
          idleWaiters = [];
          if (running) await sleep(EMPTY_POLL_MS);
        }
      } catch (error) {
        if (!running) break;
        console.error(
          JSON.stringify({ level: 'error', message: 'local stream poller', function: options.functionId, error: String(error) }),
        );
        await sleep(1000);
      }
    }
    for (const resolve of idleWaiters) resolve();
  })();

  return {
    idle: () => new Promise<void>((resolve) => idleWaiters.push(resolve)),
    async close() {
      running = false;
      wake?.();
      await loop;
      onStream.delete(options.functionId);
    },
  };
}
