import { lazy, Suspense } from 'react';
import { Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
import { useAuth } from '../features/auth/context';
import { ACCOUNT_DELETED_MESSAGE, PASSWORD_CHANGED_MESSAGE } from '../features/auth/messages';
import { RequireModerator, RequireSignedIn, RequireSignedOut } from '../features/auth/guards';
import { ModerationNav } from '../features/moderators/ModerationNav';
import { useAccount } from '../lib/account';
import { announce } from '../lib/announcer';
import { FeedRoute } from './FeedRoute';
import { Layout } from './Layout';
import { usePostLive } from './usePostLive';

/**
 * The lazily loaded pages the page function renders on the server. It loads them all before its first
 * request (preloadServerRenderedPages), so no document waits for a module: on AWS they are in the
 * bundle already; the local cloud compiles them on first use, which under load took a cold function
 * past its timeout, again on each fresh start.
 */
const SERVER_RENDERED_PAGES = {
  post: () => import('../features/posts/PostPage'),
  top: () => import('./TopRoute'),
  author: () => import('../features/posts/AuthorPage'),
  notFound: () => import('./NotFoundPage'),
  search: () => import('../features/posts/SearchPage'),
};

export function preloadServerRenderedPages(): Promise<unknown> {
  return Promise.all(Object.values(SERVER_RENDERED_PAGES).map((load) => load()));
}

// The feeds (the pages most visitors land on) are in the first script; forms and the permalink page
// load on demand, with Amplify UI's form fields.
const PostPage = lazy(SERVER_RENDERED_PAGES.post);
const NewPostPage = lazy(() => import('../features/posts/NewPostPage'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage'));
const NotFoundPage = lazy(SERVER_RENDERED_PAGES.notFound);
const ModerationPage = lazy(() => import('../features/moderation/ModerationPage'));
const MyPostsPage = lazy(() => import('../features/myPosts/MyPostsPage'));
const AccountPage = lazy(() => import('../features/account/AccountPage'));
const ChangePasswordForm = lazy(() => import('../features/auth/ChangePasswordForm'));
const TopRoute = lazy(SERVER_RENDERED_PAGES.top);
const SuspensionsPage = lazy(() => import('../features/moderators/SuspensionsPage'));
const ModerationLogPage = lazy(() => import('../features/moderators/ModerationLogPage'));
const AuthorPage = lazy(SERVER_RENDERED_PAGES.author);
const SearchPage = lazy(SERVER_RENDERED_PAGES.search);
const SavedPage = lazy(() => import('../features/posts/SavedPage'));
const NotificationsPage = lazy(() => import('../features/notifications/NotificationsPage'));

/** /avisos: marking them read also reads the bell's count again. */
function NotificationsRoute() {
  const account = useAccount();
  return <NotificationsPage onRead={() => void account.reload()} />;
}

/**
 * /moderar for whoever is signed in; moderators (as their token says) also decide at once, and get
 * the links to their other pages (suspensions, the log).
 */
function ModerationRoute() {
  const { state } = useAuth();
  const moderator = state.status === 'signedIn' && state.user.moderator === true;
  return (
    <>
      {moderator && <ModerationNav />}
      <ModerationPage moderator={moderator} />
    </>
  );
}

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
 * «Mi cuenta»: after deleting the account, sign out (local tokens only: the user is gone), go home and
 * say so; a changed password is said site-wide too (the announcement outlives the form).
 */
function AccountRoute() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <AccountPage
      onDeleted={async () => {
        await signOut();
        void navigate('/', { replace: true });
        announce(ACCOUNT_DELETED_MESSAGE);
      }}
      passwordForm={<ChangePasswordForm onChanged={() => announce(PASSWORD_CHANGED_MESSAGE)} />}
    />
  );
}

/** The site's routes; the guards send signed-out visitors to /login and signed-in users away from it. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<FeedRoute />} />
          <Route path="category/:category" element={<FeedRoute />} />
          <Route path="post/:id" element={<PostRoute />} />
          <Route path="top" element={<TopRoute />} />
          <Route path="autor/:apodo" element={<AuthorPage />} />
          <Route path="buscar" element={<SearchPage />} />
          <Route
            path="avisos"
            element={
              <RequireSignedIn>
                <NotificationsRoute />
              </RequireSignedIn>
            }
          />
          <Route
            path="newpost"
            element={
              <RequireSignedIn>
                <NewPostPage />
              </RequireSignedIn>
            }
          />
          <Route
            path="moderar"
            element={
              <RequireSignedIn>
                <ModerationRoute />
              </RequireSignedIn>
            }
          />
          <Route
            path="moderar/suspensiones"
            element={
              <RequireModerator>
                <SuspensionsPage />
              </RequireModerator>
            }
          />
          <Route
            path="moderar/registro"
            element={
              <RequireModerator>
                <ModerationLogPage />
              </RequireModerator>
            }
          />
          <Route
            path="mis-anecdotas"
            element={
              <RequireSignedIn>
                <MyPostsPage />
              </RequireSignedIn>
            }
          />
          <Route
            path="guardadas"
            element={
              <RequireSignedIn>
                <SavedPage />
              </RequireSignedIn>
            }
          />
          <Route
            path="cuenta"
            element={
              <RequireSignedIn>
                <AccountRoute />
              </RequireSignedIn>
            }
          />
          <Route
            path="login"
            element={
              <RequireSignedOut>
                <LoginPage />
              </RequireSignedOut>
            }
          />
          <Route
            path="register"
            element={
              <RequireSignedOut>
                <RegisterPage />
              </RequireSignedOut>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
