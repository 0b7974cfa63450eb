import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { PushSubscriptionRequest } from '@contract/push';
import { ErrorAlert } from '../../components/ErrorAlert';
import { errorMessage, useApi } from '../../lib/api';

/** What this device does with «Avisos» as Web Push. */
export type PushState = 'checking' | 'unavailable' | 'blocked' | 'off' | 'on';

/** Whether this browser can receive Web Push at all (a service worker, the Push API, notifications). */
function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The worker push messages arrive at (web/public/sw.js): the one the app registered, or registered now. */
async function serviceWorker(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (!existing) await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

/** A base64url string as bytes (a subscription's `applicationServerKey`). */
export function base64urlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const STATE_TEXT: Record<Exclude<PushState, 'checking'>, string> = {
  on: 'Activados: tus avisos también llegan a este dispositivo, aunque no tengas la web abierta.',
  off: 'Desactivados: los avisos solo se ven aquí, en la web.',
  blocked:
    'Bloqueados: este navegador no deja que Vaya día muestre avisos. Para activarlos, permite las notificaciones de este sitio en la configuración del navegador.',
  unavailable: 'No disponibles: este navegador no puede recibir avisos (prueba con otro, o instala la web en el móvil).',
};

/**
 * «Activar avisos en este dispositivo» (docs/web.md): the browser asks for permission only when
 * the button is pressed, never on load; the device then subscribes with the site's VAPID key and the
 * subscription is stored for the signed-in account. Shows the state: activados, desactivados,
 * bloqueados or no disponibles. A device already subscribed is stored again for this account (a shared
 * browser's avisos follow whoever is signed in).
 */
export function PushSettings() {
  const api = useApi();
  const [state, setState] = useState<PushState>('checking');
  const [error, setError] = useState<string | null>(null);
  // A device already subscribed, stored again for whoever is signed in now: nobody pressed anything,
  // so a failure says nothing (the device keeps its state; the next visit tries again).
  const { mutate: storeAgain } = useMutation({
    mutationFn: (subscription: PushSubscriptionRequest) => api.call('notifications.subscribe', { body: subscription }),
  });

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      if (!pushSupported()) return setState('unavailable');
      if (Notification.permission === 'denied') return setState('blocked');
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = registration ? await registration.pushManager.getSubscription() : null;
      if (cancelled) return;
      if (subscription && Notification.permission === 'granted') {
        setState('on');
        storeAgain(subscription.toJSON() as PushSubscriptionRequest);
      } else setState('off');
    })().catch(() => {
      if (!cancelled) setState('off');
    });
    return () => {
      cancelled = true;
    };
  }, [storeAgain]);

  // «Activar»: the browser asks for permission now, the device subscribes with the site's key, and the
  // API stores it for this account.
  const turnOn = useMutation({
    mutationFn: async (): Promise<PushState> => {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
      const [{ publicKey }, registration] = await Promise.all([api.call('notifications.pushKey'), serviceWorker()]);
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64urlBytes(publicKey),
      });
      await api.call('notifications.subscribe', { body: subscription.toJSON() as PushSubscriptionRequest });
      return 'on';
    },
    onMutate: () => setError(null),
    onSuccess: (next) => setState(next),
    onError: (failure) => setError(errorMessage(failure)),
  });

  // «Desactivar»: the API forgets this device first, then the browser drops its subscription.
  const turnOff = useMutation({
    mutationFn: async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = registration ? await registration.pushManager.getSubscription() : null;
      if (subscription) {
        await api.call('notifications.unsubscribe', { body: { endpoint: subscription.endpoint } });
        await subscription.unsubscribe();
      }
    },
    onMutate: () => setError(null),
    onSuccess: () => setState('off'),
    onError: (failure) => setError(errorMessage(failure)),
  });
  const busy = turnOn.isPending || turnOff.isPending;

  return (
    <section className="push-settings" aria-labelledby="push-settings-title">
      <h2 id="push-settings-title">Avisos en este dispositivo</h2>
      <p role="status">{state === 'checking' ? 'Comprobando si este dispositivo puede recibir avisos…' : STATE_TEXT[state]}</p>
      {state === 'off' && (
        <button type="button" className="button" onClick={() => turnOn.mutate()} disabled={busy} aria-busy={busy}>
          Activar avisos en este dispositivo
        </button>
      )}
      {state === 'on' && (
        <button type="button" className="button button--small" onClick={() => turnOff.mutate()} disabled={busy} aria-busy={busy}>
          Desactivar avisos en este dispositivo
        </button>
      )}
      {error && <ErrorAlert>{error}</ErrorAlert>}
    </section>
  );
}
