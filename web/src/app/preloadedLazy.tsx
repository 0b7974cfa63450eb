import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A page whose script loads on demand, with a `preload` to start the download as soon as its route is
 * matched. Unlike `React.lazy` it never suspends: a page whose script is there when it first renders is
 * rendered at once, and one still downloading shows `placeholder` (its list's skeleton) until it arrives.
 * A suspended page made React reveal it no sooner than 300 ms after the fallback appeared (React
 * throttles revealing suspended content), and a signed-in list's first request waited that long: it
 * went out after `GET /me` had answered instead of beside it.
 */
export function preloadedLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        // A failed download may be tried again (the next visit of the route).
        loading = undefined;
        throw error;
      },
    ));

  function Page({ placeholder, ...props }: P & { placeholder: ReactNode }) {
    const [state, setState] = useState<{ Component?: ComponentType<P>; error?: Error }>(() => ({ Component: loaded }));
    useEffect(() => {
      if (state.Component) return;
      let active = true;
      preload().then(
        (Component) => active && setState({ Component }),
        (error: unknown) => active && setState({ error: error instanceof Error ? error : new Error(String(error)) }),
      );
      return () => {
        active = false;
      };
    }, [state.Component]);
    // A script that could not be downloaded fails the render, as React.lazy's would.
    if (state.error) throw state.error;
    const { Component } = state;
    return Component ? <Component {...(props as P)} /> : placeholder;
  }
  return { Page, preload };
}
