import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
import { useAuth } from '../features/auth/context';
import { RequireSignedIn, RequireSignedOut } from '../features/auth/guards';
import { FeedRoute } from './FeedRoute';
import { LiveCounts } from './LiveCounts';
import { Layout } from './Layout';

// The feeds (the pages most visitors land on) are in the first script; forms and the permalink page
// load on demand, with Amplify UI's form fields.
const PostPage = lazy(() => import('../features/posts/PostPage'));
const NewPostPage = lazy(() => import('../features/posts/NewPostPage'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));
const ModerationPage = lazy(() => import('../features/moderation/ModerationPage'));
const MyPostsPage = lazy(() => import('../features/myPosts/MyPostsPage'));
const TopRoute = lazy(() => import('./TopRoute'));

/** /moderar for whoever is signed in; moderators (as their token says) also decide at once. */
function ModerationRoute() {
  const { state } = useAuth();
  return <ModerationPage moderator={state.status === 'signedIn' && state.user.moderator === true} />;
}

/** The site's routes; the guards send signed-out visitors to /login and signed-in users away from it. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<FeedRoute />} />
          <Route path="category/:category" element={<FeedRoute />} />
          <Route
            path="post/:id"
            element={
              <>
                <PostPage />
                <LiveCounts />
              </>
            }
          />
          <Route path="top" element={<TopRoute />} />
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
            path="mis-anecdotas"
            element={
              <RequireSignedIn>
                <MyPostsPage />
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
