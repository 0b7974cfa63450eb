import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../functions/contract/errors';
import { call, listPosts } from '../support/api';
import { cloudPerFile } from '../support/cloudPerFile';

const site = cloudPerFile({ env: { SEED: '0' } });

describe('a site with no posts yet', () => {
  it('serves empty feeds with no next page', async () => {
    expect(await listPosts(site.cloud)).toMatchObject({ status: 200, body: { items: [], nextCursor: null } });
    expect(await listPosts(site.cloud, '?category=picante')).toMatchObject({ status: 200, body: { items: [], nextCursor: null } });
  });

  it('«Aleatorio» (/aleatorio) sends the reader home while there is no post', async () => {
    const response = await fetch(`${site.cloud.webUrl}/aleatorio`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
  });

  it('answers a random post with 404 NO_POSTS', async () => {
    expect(await call(site.cloud, '/posts/random')).toMatchObject({
      status: 404,
      body: { error: { code: 'NO_POSTS', message: ERRORS.NO_POSTS.message } },
    });
  });
});
