/**
 * The routes only the browser renders: the forms and the signed-in pages. The page function answers
 * them with the bare shell (functions/domain/appPages.ts), so the server renderer never needs them,
 * and its bundle leaves them out (Amplify and its form fields with them): web/src/server/renderDocument.tsx
 * renders AppRoutes without these. Each page is its own script, loaded when its route is visited.
 * The apodo prompt is here too: only a signed-in account is asked, and the server renders for no one.
 */
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Route, useNavigate } from 'react-router-dom';
import { useAuth } from '../features/auth/context';
import { ACCOUNT_DELETED_MESSAGE, PASSWORD_CHANGED_MESSAGE } from '../features/auth/messages';
import { RequireModerator, RequireSignedIn, RequireSignedOut } from '../features/auth/guards';
import { BlockedList } from '../features/blocks/BlockedList';
import { ModerationNav } from '../features/moderators/ModerationNav';
import { announce } from '../lib/announcer';
import { ListSkeleton } from '../components/ListSkeleton';
import { preloadedLazy } from './preloadedLazy';

const NewPostPage = lazy(() => import('../features/posts/NewPostPage'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage'));
const { Page: ModerationPage, preload: loadModerationPage } = preloadedLazy(() => import('../features/moderation/ModerationPage'));
const { Page: MyPostsPage, preload: loadMyPostsPage } = preloadedLazy(() => import('../features/myPosts/MyPostsPage'));
const AccountPage = lazy(() => import('../features/account/AccountPage'));
// Shown to a suspended account only, and it needs the appeals' contract: a script of its own.
const AppealPanel = lazy(() => import('../features/appeals/AppealPanel').then((module) => ({ default: module.AppealPanel })));
const ChangePasswordForm = lazy(() => import('../features/auth/ChangePasswordForm'));
const SuspensionsPage = lazy(() => import('../features/moderators/SuspensionsPage'));
const ModerationLogPage = lazy(() => import('../features/moderators/ModerationLogPage'));
const AppealsPage = lazy(() => import('../features/moderators/AppealsPage'));
const { Page: SavedPage, preload: loadSavedPage } = preloadedLazy(() => import('../features/saved/SavedPage'));
const { Page: NotificationsPage, preload: loadNotificationsPage } = preloadedLazy(
  () => import('../features/notifications/NotificationsPage'),
);

/**
 * Starts downloading a page's script as soon as its route is matched, while the guard still checks the
 * session (which loads the auth script first): the two downloads overlap instead of following each other,
 * and the page, there by the time the session is known, renders (and asks for its list) at once.
 */
function Preload({ load }: { load: () => Promise<unknown> }) {
  useState(() => void load().catch(() => undefined));
  return null;
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
      <ModerationPage moderator={moderator} placeholder={<ListSkeleton loadingLabel="Buscando una anécdota por moderar…" rows={1} />} />
    </>
  );
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
      blocks={<BlockedList />}
      appealPanel={
        <Suspense fallback={null}>
          <AppealPanel />
        </Suspense>
      }
    />
  );
}

/** What only the browser renders, handed to AppRoutes by the browser's App. */
export type BrowserOnlyParts = {
  /** <Route> elements, as children of the layout route. */
  routes: ReactNode;
  /** The signed-in account's «elige tu apodo» prompt, over every page while it has none. */
  NamePrompt: ComponentType;
};

/**
 * The routes, as children of AppRoutes' layout route (a fragment of <Route> elements, which React
 * Router reads as they are); the guards send signed-out visitors to /login and signed-in users away from it.
 */
const clientOnlyRoutes = (
  <>
    <Route
      path="avisos"
      element={
        <>
          <Preload load={loadNotificationsPage} />
          <RequireSignedIn>
            <NotificationsPage placeholder={<ListSkeleton loadingLabel="Cargando tus avisos…" shape="line" />} />
          </RequireSignedIn>
        </>
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
        <>
          <Preload load={loadModerationPage} />
          <RequireSignedIn>
            <ModerationRoute />
          </RequireSignedIn>
        </>
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
      path="moderar/recursos"
      element={
        <RequireModerator>
          <AppealsPage />
        </RequireModerator>
      }
    />
    <Route
      path="mis-anecdotas"
      element={
        <>
          <Preload load={loadMyPostsPage} />
          <RequireSignedIn>
            <MyPostsPage placeholder={<ListSkeleton loadingLabel="Cargando tus anécdotas…" />} />
          </RequireSignedIn>
        </>
      }
    />
    <Route
      path="guardadas"
      element={
        <>
          <Preload load={loadSavedPage} />
          <RequireSignedIn>
            <SavedPage placeholder={<ListSkeleton loadingLabel="Cargando tus guardadas…" />} />
          </RequireSignedIn>
        </>
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
  </>
);

export const browserOnlyParts: BrowserOnlyParts = {
  routes: clientOnlyRoutes,
  NamePrompt: lazy(() => import('../features/account/NamePrompt')),
};
