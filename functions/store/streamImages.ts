/**
 * The records of the tables' streams, decoded: a stream image is the item as the table holds it, in
 * DynamoDB's attribute-value form, so reading one is the store's business, as reading the item is.
 * Each decoder gives the change's image before and after (none after a removal), as the domain
 * types them; an image that is not a valid item reads as none. The stream-fed functions receive
 * them through the wiring (functions/wiring.ts `streamImages`).
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import type { PostStatusChange } from '../domain/notifications';
import type { StoredComment } from '../domain/ports/comments';
import type { StoredNotification } from '../domain/ports/notifications';
import { commentFromItem } from './dynamodb/commentStore';
import { notificationFromItem } from './dynamodb/notificationStore';
import { postFromItem } from './dynamodb/postItems';

/** A change of one item: its image before (none for an insert) and after (none for a removal). */
export type Change<T> = { before?: T; after?: T };

const item = (value: unknown) => (value ? unmarshall(value as Record<string, AttributeValue>) : undefined);

/** The record's images as plain items; a removal has no image after, whatever the record carries. */
function images(record: DynamoDBRecord) {
  return {
    before: item(record.dynamodb?.OldImage),
    after: record.eventName === 'REMOVE' ? undefined : item(record.dynamodb?.NewImage),
  };
}

/** A posts table record: the post before and after, and when its status last changed (`statusAt`). */
export function postChange(record: DynamoDBRecord): PostStatusChange {
  const { before, after } = images(record);
  return {
    before: postFromItem(before),
    after: postFromItem(after),
    statusAt: typeof after?.statusAt === 'string' ? after.statusAt : undefined,
  };
}

/** A comments table record. */
export function commentChange(record: DynamoDBRecord): Change<StoredComment> {
  const { before, after } = images(record);
  return { before: commentFromItem(before), after: commentFromItem(after) };
}

/** A notifications table record (`seen#` rows and other non-notification items read as none). */
export function notificationChange(record: DynamoDBRecord): Change<StoredNotification> {
  const { before, after } = images(record);
  return { before: notificationFromItem(before), after: notificationFromItem(after) };
}

export const streamImages = { posts: postChange, comments: commentChange, notifications: notificationChange } as const;
