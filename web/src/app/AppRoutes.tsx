import { lazy, Suspense } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import { LEGAL_PATHS } from '@contract/documents';
import { PageSpinner } from '../components/PageSpinner';
import { useAuth } from '../features/auth/context';
import { useAccount } from '../lib/account';
import type { BrowserOnlyParts } from './ClientRoutes';
import { FeedRoute } from './routes/FeedRoute';
import { Layout } from './Layout';
import { usePostLive } from './usePostLive';

/**
 * The lazily loaded pages the page function renders on the server. It loads them all before its first
 * request (preloadServerRenderedPages), so no document waits for a module: on AWS they are in the
 * bundle already; the local cloud compiles them on first use, which under load took a cold function
 * past its timeout, again on each fresh start.
 */
const SERVER_RENDERED_PAGES = {
  post: () => import('./routes/PostPage'),
  top: () => import('./routes/TopRoute'),
  author: () => import('../features/authors/AuthorPage'),
  notFound: () => import('./routes/NotFoundPage'),
  search: () => import('../features/search/SearchPage'),
  privacy: () => import('../features/legal/PrivacyPage'),
  legalNotice: () => import('../features/legal/LegalNoticePage'),
};

export function preloadServerRenderedPages(): Promise<unknown> {
  return Promise.all(Object.values(SERVER_RENDERED_PAGES).map((load) => load()));
}

// The feeds (the pages most visitors land on) are in the first script; the other pages the server
// renders load on demand (client-only routes: ./ClientRoutes.tsx).
const PostPage = lazy(SERVER_RENDERED_PAGES.post);
const NotFoundPage = lazy(SERVER_RENDERED_PAGES.notFound);
const TopRoute = lazy(SERVER_RENDERED_PAGES.top);
const AuthorPage = lazy(SERVER_RENDERED_PAGES.author);
const SearchPage = lazy(SERVER_RENDERED_PAGES.search);
const PrivacyPage = lazy(SERVER_RENDERED_PAGES.privacy);
const LegalNoticePage = lazy(SERVER_RENDERED_PAGES.legalNotice);

/**
 * /post/:id, told who reads it (to offer the comment form, and «Borrar» on their own comments), with
 * a WebSocket that reads this post's page: its new comments and its vote counts arrive live.
 */
function PostRoute() {
  const { id = '' } = useParams();
  const subscribe = usePostLive(id);
  const { state } = useAuth();
  const account = useAccount();
  // The apodo, as comments are signed: «Borrar» is offered on the reader's own.
  const name = account.state.status === 'ready' ? account.state.me.name : null;
  const viewer =
    state.status === 'signedIn'
      ? { status: state.status, name, moderator: state.user.moderator === true }
      : { status: state.status, name: null, moderator: false };
  return <PostPage viewer={viewer} subscribeToComments={subscribe} />;
}

/**
 * The site's routes: the pages the server renders, and in the browser its own parts too (the forms and
 * signed-in pages, the apodo prompt: ./ClientRoutes.tsx), which the server never renders and so never loads.
 */
export function AppRoutes({ browserOnly }: { browserOnly?: BrowserOnlyParts }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route element={<Layout NamePrompt={browserOnly?.NamePrompt} />}>
          <Route index element={<FeedRoute />} />
          <Route path="category/:category" element={<FeedRoute />} />
          <Route path="post/:id" element={<PostRoute />} />
          <Route path="top" element={<TopRoute />} />
          <Route path="autor/:apodo" element={<AuthorPage />} />
          <Route path="buscar" element={<SearchPage />} />
          <Route path={LEGAL_PATHS.privacy.slice(1)} element={<PrivacyPage />} />
          <Route path={LEGAL_PATHS.legalNotice.slice(1)} element={<LegalNoticePage />} />
          {browserOnly?.routes}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
