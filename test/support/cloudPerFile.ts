/**
 * One local cloud for one test file: started before its tests, stopped after them, with what most
 * files set up next to it (a moderator, a document client on its database).
 */
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll } from 'vitest';
import { cloudLogOnFailure } from './cloudLog';
import { startLocalCloudProcess, type LocalCloudProcess, type StartOptions } from './localCloud';
import { createModerator } from './moderation';
import type { TestUser } from './users';

export type CloudPerFile = {
  cloud: LocalCloudProcess;
  /** A signed-in member of `moderadores`; only with the `moderator` option. */
  moderator: TestUser;
  /** A document client on the cloud's DynamoDB, destroyed before the cloud stops. */
  documents: DynamoDBDocumentClient;
};

export type CloudPerFileOptions = StartOptions & {
  /** Make a moderator before the tests, under this name (`true`: a generated one). @default no moderator */
  moderator?: string | true;
  /** How long starting may take. @default 300_000 */
  timeout?: number;
};

/**
 * Registers the calling file's `beforeAll` and `afterAll` for a local cloud (whose log is kept in
 * test-results/ when one of the file's tests fails) and returns the object
 * the first one fills: read it inside tests and hooks, not while the file is collected. Hooks the
 * file registers afterwards run once the cloud is up, and their `afterAll` before it stops.
 */
export function cloudPerFile({ moderator, timeout = 300_000, ...start }: CloudPerFileOptions = {}): CloudPerFile {
  const shared = {} as CloudPerFile;
  beforeAll(async () => {
    shared.cloud = await startLocalCloudProcess(start);
    shared.documents = DynamoDBDocumentClient.from(shared.cloud.dynamodb());
    if (moderator !== undefined) {
      shared.moderator = await createModerator(shared.cloud, moderator === true ? {} : { name: moderator });
    }
  }, timeout);
  const cloudLog = cloudLogOnFailure();
  afterAll(async () => {
    if (shared.cloud) cloudLog.keep(shared.cloud.output());
    shared.documents?.destroy();
    await shared.cloud?.stop();
  });
  return shared;
}
