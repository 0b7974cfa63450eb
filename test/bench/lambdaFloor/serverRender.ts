/**
 * Figure 4's second reference bundle: the floor of the page function (functions/handlers/pages/page.ts).
 * It makes dynamoOnly.ts's read (the same document client) and renders the item with what the page
 * function renders with — React DOM's static prerender, under React Router's StaticRouter — bundled by
 * the same construct. What it takes to import is what any server-rendered page pays on the machine at
 * hand, so the page function's import time reads as this floor plus what the site's own pages, stores and
 * contract add.
 */
import { createElement } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { readFloorItem } from './dynamoOnly';

export const handler = async (event: { key?: string; path?: string }) => {
  const item = await readFloorItem(event.key);
  const page = createElement(
    StaticRouter,
    { location: event.path ?? '/' },
    createElement('p', null, typeof item?.text === 'string' ? item.text : ''),
  );
  const { prelude } = await prerender(page);
  return { statusCode: item ? 200 : 404, body: await new Response(prelude).text() };
};
