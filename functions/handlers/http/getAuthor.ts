import { readAuthor } from '../../domain/authors';
import { httpHandler, json, PUBLIC_READ } from './http';
import { authorStore } from '../../wiring';

const authors = authorStore();

/** GET /authors/{name} — an author's profile: the same for every reader, shared a few seconds (a 404 is never kept). */
export const handler = httpHandler(async (event) => json(200, await readAuthor({ authors }, event.pathParameters?.name), PUBLIC_READ));
