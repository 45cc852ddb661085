import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';

// React.lazy's own bound: a component of any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/** A lazily loaded screen that can start loading before React asks for it. */
export type LazyScreen<T extends AnyComponent> = LazyExoticComponent<T> & { preload: () => Promise<unknown> };

/**
 * `React.lazy` plus `preload()`: the route's chunk can be fetched while something else is under way
 * (the session being restored, a sign-in), instead of after it. The browser caches the module, so
 * the later render finds it loaded.
 */
export function lazyScreen<T extends AnyComponent>(load: () => Promise<{ default: T }>): LazyScreen<T> {
  let loading: Promise<{ default: T }> | undefined;
  const once = () => (loading ??= load());
  return Object.assign(lazy(once), { preload: once });
}

function isPreloadable(type: unknown): type is { preload: () => Promise<unknown> } {
  return typeof type === 'object' && type !== null && typeof (type as { preload?: unknown }).preload === 'function';
}

/** Starts loading the lazy screens of every route that `pathname` matches; a failure is left to the render. */
export function preloadRoute(routes: RouteObject[], pathname: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const type = (route.element as { type?: unknown } | null | undefined)?.type;
    if (isPreloadable(type)) type.preload().catch(() => undefined);
  }
}
