/**
 * Whether this browser may hold an Amplify session for the app client, decided without loading
 * Amplify: Amplify v6 keeps its tokens (and an in-flight Google sign-in) in localStorage under
 * `CognitoIdentityServiceProvider.<clientId>.*`, and a Google sign-in returns with `?code=&state=`.
 * When neither is there the visitor is signed out, and Amplify (~40 KB gzip) can wait until they
 * open a form. When unsure (storage blocked), it says yes.
 */
export function mayHaveSession(clientId: string, storage: Storage | null = safeLocalStorage(), search = window.location.search): boolean {
  const params = new URLSearchParams(search);
  if (params.has('state') && (params.has('code') || params.has('error'))) return true;
  if (!storage) return true;
  const prefix = `CognitoIdentityServiceProvider.${clientId}.`;
  try {
    for (let index = 0; index < storage.length; index++) {
      if (storage.key(index)?.startsWith(prefix)) return true;
    }
    return false;
  } catch {
    return true;
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
