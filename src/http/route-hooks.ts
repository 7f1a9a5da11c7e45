import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preParsing' | 'preValidation' | 'preHandler' | 'onSend' | 'onResponse';

/**
 * Adds a hook to one route, from an `onRoute` hook: what only some routes need runs on those alone,
 * instead of an app-wide hook that every request enters to find it has nothing to do.
 */
export const appendRouteHook = <K extends HookName>(route: RouteOptions, name: K, hook: NonNullable<RouteOptions[K]>): void => {
  const existing = route[name];
  const hooks = [
    ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
    ...(Array.isArray(hook) ? hook : [hook]),
  ];
  (route as Record<HookName, unknown>)[name] = hooks;
};
