import { useSyncExternalStore } from 'react';
import { useHydrated } from '../lib/hydration';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * «Sin conexión» while the browser is offline: what is on screen is the copy kept on this device (the
 * service worker's, web/public/sw.js), and nothing can be sent. Shown only after hydration, since the
 * server's markup never has it (state the server cannot know is rendered after hydration: docs/web.md).
 */
export function OfflineNotice() {
  const hydrated = useHydrated();
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (!hydrated || online) return null;
  return (
    <p className="offline-notice" role="status">
      <strong>Sin conexión.</strong> Estás viendo lo último que se cargó en este dispositivo; lo nuevo llegará cuando vuelva la conexión.
    </p>
  );
}
