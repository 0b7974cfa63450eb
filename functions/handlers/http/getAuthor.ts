import { readAuthor } from '../../domain/authors';
import { authorApiPath } from '../../contract/authors';
import { httpHandler, json, movedPermanently, PUBLIC_READ } from './http';
import { authorStore } from '../../wiring';

const authors = authorStore();

/**
 * GET /authors/{name} — an author's profile: the same for every reader, shared a few seconds (a 404
 * is never kept); a renamed account's former apodo is a 301 to the one it holds now.
 */
export const handler = httpHandler(async (event) => {
  const author = await readAuthor({ authors }, event.pathParameters?.name);
  return 'movedTo' in author ? movedPermanently(authorApiPath(author.movedTo)) : json(200, author, PUBLIC_READ);
});
