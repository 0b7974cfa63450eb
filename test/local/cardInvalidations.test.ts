/** The local CloudFront API stand-in: only the functions' signed calls invalidate, and only the site's distribution. */
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_DISTRIBUTION_ID, startInvalidations } from '../../infra/local/aws/cloudfront/invalidations';

const credentials = { accessKeyId: 'AKIDLOCALFUNCTIONS', secretAccessKey: 'secreto-de-esta-prueba' };
const invalidated: string[][] = [];
let server: Awaited<ReturnType<typeof startInvalidations>>;

beforeAll(async () => {
  server = await startInvalidations({ port: 0, credentials, onInvalidation: (paths) => invalidated.push([...paths]) });
});
afterAll(async () => {
  await server?.close();
});

const client = (signedWith = credentials) => new CloudFrontClient({ endpoint: server.url, region: 'us-east-1', credentials: signedWith });
const invalidate = (paths: string[], signedWith = credentials, DistributionId = LOCAL_DISTRIBUTION_ID) =>
  client(signedWith).send(
    new CreateInvalidationCommand({
      DistributionId,
      InvalidationBatch: { CallerReference: `ref-${invalidated.length}`, Paths: { Quantity: paths.length, Items: paths } },
    }),
  );

describe('the local CloudFront API', () => {
  it("passes the functions' invalidation on, paths unescaped, as the SDK sends it", async () => {
    const paths = ['/og/post/abc.png?v=x1&y', '/og/post/d%C3%ADa.png?v=z'];
    const answer = await invalidate(paths);
    expect(answer.Invalidation).toMatchObject({ Status: 'Completed', InvalidationBatch: { Paths: { Quantity: 2, Items: paths } } });
    expect(invalidated.at(-1)).toEqual(paths);
  });

  it('refuses a call signed with other credentials, and another distribution', async () => {
    const before = invalidated.length;
    await expect(invalidate(['/og/post/a.png?v=1'], { ...credentials, secretAccessKey: 'otro' })).rejects.toMatchObject({
      name: 'InvalidClientTokenId',
    });
    await expect(invalidate(['/og/post/a.png?v=1'], credentials, 'EOTRA')).rejects.toMatchObject({ name: 'NoSuchDistribution' });
    const unsigned = await fetch(`${server.url}/2020-05-31/distribution/${LOCAL_DISTRIBUTION_ID}/invalidation`, {
      method: 'POST',
      body: '<x/>',
    });
    expect(unsigned.status).toBe(403);
    expect(invalidated).toHaveLength(before);
  });
});
