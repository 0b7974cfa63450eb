import { describe, expect, it } from 'vitest';
import { SHARE_CARD_PATHS } from '../../functions/contract/shareCards';
import { postCardVersion, staleCardPaths } from '../../functions/domain/shareCards';
import { storedPost } from './factories';

const published = storedPost({ id: 'p1', status: 'published', name: 'Marta', post: 'Se me cayó el móvil al váter', category: 'varios' });
const cardOf = (post: typeof published) => SHARE_CARD_PATHS.post(post.id, postCardVersion(post));

describe('the share cards a change of the posts leaves stale in the cache', () => {
  it('names the card of a post that left the feeds: hidden, removed or deleted', () => {
    expect(staleCardPaths([{ before: published, after: { ...published, status: 'hidden' } }])).toEqual([cardOf(published)]);
    expect(staleCardPaths([{ before: published, after: { ...published, status: 'removed' } }])).toEqual([cardOf(published)]);
    expect(staleCardPaths([{ before: published }])).toEqual([cardOf(published)]);
  });

  it('names the old card when what it shows changed: the apodo (a rename, «Anonimo» after a deletion)', () => {
    expect(staleCardPaths([{ before: published, after: { ...published, name: 'Anonimo' } }])).toEqual([cardOf(published)]);
  });

  it('names nothing for a change the card does not show, or a post that was never public', () => {
    const voted = { ...published, votes: { agree: 3, deserved: 1 }, comments: 2 };
    expect(staleCardPaths([{ before: published, after: voted }])).toEqual([]);
    const pending = { ...published, status: 'pending' as const };
    expect(staleCardPaths([{ before: pending, after: published }, { before: pending }, { after: published }])).toEqual([]);
  });

  it('names each card once however many of the batch touched it', () => {
    const hidden = { ...published, status: 'hidden' as const };
    expect(staleCardPaths([{ before: published, after: hidden }, { before: published }])).toEqual([cardOf(published)]);
  });
});
