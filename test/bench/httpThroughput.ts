/**
 * Figure 2: HTTP throughput through the local gateway, with autocannon. Each run drives the three
 * read routes for `duration` seconds at 50 connections, then `POST /posts` for a fixed number of
 * posts spread over enough users that none reaches the 5-posts-in-10-minutes limit.
 */
import { randomUUID } from 'node:crypto';
import { AdminConfirmSignUpCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import autocannon from 'autocannon';
import { CATEGORIES } from '../../functions/contract/posts';
import type { LocalCloudProcess } from '../support/localCloud';
import { cognitoClient, signUp, TEST_PASSWORD, type TestUser } from '../support/users';

export type ThroughputOptions = { duration: number; connections: number; posters: number };

export const FULL: ThroughputOptions = { duration: 30, connections: 50, posters: 60 };
export const SMOKE: ThroughputOptions = { duration: 1, connections: 10, posters: 2 };

export type RouteRun = {
  route: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Connection errors, timeouts and responses outside 2xx. */
  errors: number;
  total: number;
};

const READS = [
  { route: 'GET /posts', path: '/posts' },
  { route: 'GET /posts?category=amor', path: '/posts?category=amor' },
  { route: 'GET /posts/random', path: '/posts/random' },
];

/**
 * Users for the POST load: `count` users, 5 posts each. Confirmed with AdminConfirmSignUp rather than
 * the printed code, so a busy cognito-local cannot stall the run; a failed sign-up is retried.
 */
export async function createPosters(cloud: LocalCloudProcess, count: number): Promise<TestUser[]> {
  const client = cognitoClient(cloud);
  const one = async (attempt = 0): Promise<TestUser> => {
    const email = `bench-${randomUUID().slice(0, 12)}@example.com`;
    const password = TEST_PASSWORD;
    try {
      await signUp(client, cloud, email);
      await client.send(new AdminConfirmSignUpCommand({ UserPoolId: cloud.userPoolId, Username: email }));
      const auth = await client.send(
        new InitiateAuthCommand({
          ClientId: cloud.userPoolClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
      const { IdToken: idToken, AccessToken: accessToken } = auth.AuthenticationResult ?? {};
      if (!idToken || !accessToken) throw new Error('sign-in returned no tokens');
      return { email, password, idToken, accessToken };
    } catch (error) {
      if (attempt >= 3) throw error;
      return one(attempt + 1);
    }
  };
  try {
    const users: TestUser[] = [];
    while (users.length < count) {
      users.push(...(await Promise.all(Array.from({ length: Math.min(5, count - users.length) }, () => one()))));
    }
    return users;
  } finally {
    client.destroy();
  }
}

function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error: unknown, result) => {
      if (error) reject(error instanceof Error ? error : new Error('autocannon failed', { cause: error }));
      else resolve(result);
    });
  });
}

function toRun(route: string, result: autocannon.Result): RouteRun {
  const total = result.requests.total;
  return {
    route,
    // Completed responses over the whole run, so a slow tail is not hidden by per-second sampling.
    requestsPerSecond: total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total,
  };
}

/** One run of figure 2: every read route, then the POST load with `posters` fresh users. */
let postRuns = 0;

export async function runThroughput(cloud: LocalCloudProcess, options: ThroughputOptions, posters: TestUser[]): Promise<RouteRun[]> {
  const runs: RouteRun[] = [];
  for (const { route, path } of READS) {
    const result = await cannon({
      url: `${cloud.config.apiUrl}${path}`,
      connections: options.connections,
      duration: options.duration,
      timeout: 10,
    });
    runs.push(toRun(route, result));
    console.log(
      `  ${route}: ${Math.round(runs.at(-1)?.requestsPerSecond ?? 0)} req/s, p99 ${runs.at(-1)?.p99} ms, ${runs.at(-1)?.errors} errors`,
    );
  }

  let sent = 0;
  // Runs are back to back in one local cloud: each run's texts are new (the same text twice is DUPLICATE_POST).
  const run = ++postRuns;
  const result = await cannon({
    url: cloud.config.apiUrl,
    connections: Math.min(options.connections, posters.length * 5),
    amount: posters.length * 5,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: '/posts',
        setupRequest: (request) => {
          // Five posts per user, users in turn: never over the rate limit.
          const index = sent++;
          const user = posters[Math.floor(index / 5) % posters.length] as TestUser;
          return {
            ...request,
            headers: { ...request.headers, authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              category: CATEGORIES[index % CATEGORIES.length],
              post: `Prueba de carga ${run}, número ${index}: se me cayó el café en el teclado. Vaya día.`,
            }),
          };
        },
      },
    ],
  });
  runs.push(toRun('POST /posts', result));
  console.log(
    `  POST /posts: ${Math.round(runs.at(-1)?.requestsPerSecond ?? 0)} req/s, p99 ${runs.at(-1)?.p99} ms, ${runs.at(-1)?.errors} errors`,
  );
  return runs;
}
