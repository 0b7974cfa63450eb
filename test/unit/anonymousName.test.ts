import { describe, expect, it } from 'vitest';
import { ANONYMOUS_NAME } from '../../functions/contract/accounts';
import { commentFromItem } from '../../functions/store/dynamodb/commentStore';
import { notificationFromItem, notificationItem } from '../../functions/store/dynamodb/notificationStore';
import { postFromItem, postItem } from '../../functions/store/dynamodb/postItems';
import { storedPost } from './factories';

const commentItem = (name: string) => ({
  id: 'c1',
  postId: 'p1',
  authorId: 'u1',
  name,
  text: 'Qué mala pata.',
  createdAt: '2026-03-01T09:00:00.000Z',
  status: 'visible',
});

describe('the name of an author without an apodo', () => {
  it('is «Anonimo», as the header names a visitor: one spelling everywhere', () => {
    expect(ANONYMOUS_NAME).toBe('Anonimo');
  });

  it('reads as «Anonimo» from posts, comments and notifications stored with the accented spelling', () => {
    expect(postFromItem(postItem(storedPost({ name: 'Anónimo' })))?.name).toBe('Anonimo');
    expect(commentFromItem(commentItem('Anónimo'))?.name).toBe('Anonimo');
    const notification = notificationItem({
      accountId: 'u1',
      key: 'k1',
      type: 'comment.created',
      postId: 'p1',
      createdAt: '2026-03-01T09:00:00.000Z',
      read: false,
      name: 'Anónimo',
      count: 1,
      version: 1,
    });
    expect(notificationFromItem(notification)?.name).toBe('Anonimo');
  });

  it('leaves every other name as it was stored, apodos that merely look alike included', () => {
    for (const name of ['Anonima', 'anónimo', 'Anónimo García', 'María']) {
      expect(postFromItem(postItem(storedPost({ name })))?.name).toBe(name);
      expect(commentFromItem(commentItem(name))?.name).toBe(name);
    }
  });
});
