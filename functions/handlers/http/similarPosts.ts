import { similarPosts } from '../../domain/similar';
import { json, signedInHandler } from './http';
import { searchStore } from '../../wiring';

const search = searchStore({ posts: true });

/** GET /posts/similar?text= — up to three published posts that share most of the text's words. */
export const handler = signedInHandler(async (event) =>
  json(200, await similarPosts({ search }, { text: event.queryStringParameters?.text })),
);
