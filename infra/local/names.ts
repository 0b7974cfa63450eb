/**
 * Apodos for data written before they existed, run at every start of the local cloud (issue 13):
 * every author of a stored post gets an apodo or «Anónimo», and the demo moderator gets its name.
 *
 * Before apodos, a post was signed with the Cognito `name` attribute or, without one, with the part
 * of the email before `@`. Now: an author with no apodo yet is given their `name` attribute when it
 * passes the apodo rules, is not their email's local part and is free; otherwise their posts are
 * signed «Anónimo» (they choose an apodo on their next visit, as a Google account does). The samples
 * (author `sample`) keep their names. It only scans here, at start, never on a request path; an
 * author who already has an apodo is left alone, so running it again changes nothing.
 */
import { ListUsersCommand, CognitoIdentityProviderClient, type UserType } from '@aws-sdk/client-cognito-identity-provider';
import { ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ANONYMOUS_NAME, checkName, nameKey } from '../../functions/contract';
import type { NameStore } from '../../functions/domain/ports/accounts';
import type { PostRepository } from '../../functions/domain/ports/posts';
import { SAMPLE_AUTHOR } from './seed';

export type NamesMigrationTarget = {
  documents: DynamoDBDocumentClient;
  postsTable: string;
  names: NameStore;
  posts: PostRepository;
  cognito: { endpoint: string; region: string; userPoolId: string };
  /** The demo moderator's email and the apodo it gets (an operator's choice: reserved words allowed). */
  moderator: { email: string; name: string };
};

/** Gives apodos (or «Anónimo») to authors without one; returns how many authors it settled. */
export async function migrateNames(target: NamesMigrationTarget): Promise<number> {
  const users = await listUsers(target.cognito);
  const bySub = new Map(users.flatMap((user) => (attribute(user, 'sub') ? [[attribute(user, 'sub')!, user] as const] : [])));

  const moderator = users.find((user) => attribute(user, 'email') === target.moderator.email);
  const moderatorSub = moderator && attribute(moderator, 'sub');
  if (moderatorSub && !(await target.names.accountOf(moderatorSub, { consistent: true })).name) {
    await target.names.claim(moderatorSub, { name: target.moderator.name, key: nameKey(target.moderator.name) }, undefined);
  }

  let settled = 0;
  for (const authorId of await authorsOfPosts(target.documents, target.postsTable)) {
    if (authorId === SAMPLE_AUTHOR) continue;
    const row = await target.names.accountOf(authorId, { consistent: true });
    if (row.name || row.deleted) continue;
    const user = bySub.get(authorId);
    const wanted = user ? checkName(attribute(user, 'name') ?? '') : ({ ok: false } as const);
    const localPart = (user && attribute(user, 'email')?.split('@')[0]?.toLowerCase()) ?? '';
    let name = ANONYMOUS_NAME;
    if (wanted.ok && wanted.name.toLowerCase() !== localPart) {
      const claimed = await target.names.claim(authorId, { name: wanted.name, key: wanted.key }, undefined);
      if (claimed === 'claimed') name = wanted.name;
    }
    await target.posts.setAuthorName(authorId, name);
    settled++;
  }
  return settled;
}

function attribute(user: UserType, name: string): string | undefined {
  return user.Attributes?.find((item) => item.Name === name)?.Value;
}

async function listUsers(target: NamesMigrationTarget['cognito']): Promise<UserType[]> {
  const client = new CognitoIdentityProviderClient({
    endpoint: target.endpoint,
    region: target.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const users: UserType[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListUsersCommand({ UserPoolId: target.userPoolId, PaginationToken: token }));
      users.push(...(page.Users ?? []));
      token = page.PaginationToken;
    } while (token);
    return users;
  } finally {
    client.destroy();
  }
}

async function authorsOfPosts(documents: DynamoDBDocumentClient, table: string): Promise<Set<string>> {
  const authors = new Set<string>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documents.send(
      new ScanCommand({ TableName: table, ProjectionExpression: 'authorId', ExclusiveStartKey: start, ConsistentRead: true }),
    );
    for (const item of page.Items ?? []) if (typeof item.authorId === 'string') authors.add(item.authorId);
    start = page.LastEvaluatedKey;
  } while (start);
  return authors;
}
