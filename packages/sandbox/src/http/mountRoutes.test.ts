import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { SandboxContext } from '../context.js';
import { productRouteGroups } from '../routes/index.js';
import { mountRoutes, type RouteTable } from './mountRoutes.js';

// Mounting reads only the table and the protocol's routes; no handler runs here.
const ctx = {} as SandboxContext;

describe('mountRoutes', () => {
  it('default: every product route group mounts, each handler named after its route key, each key once', () => {
    const app = new Hono();
    for (const group of productRouteGroups) mountRoutes(app, ctx, group);
    const bindings = productRouteGroups.flatMap((group) => Object.entries(group));
    const misnamed = bindings.filter(([key, binding]) => ('page' in binding ? binding.page : binding.handler).name !== key).map(([key]) => key);
    expect(misnamed).toEqual([]);
    const keys = bindings.map(([key]) => key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each<[string, RouteTable]>([
    ['a bearer route as public', { getUser: { auth: 'public', handler: async () => ({}) as never } }],
    ['a public route as session', { getSettings: { auth: 'session', handler: async () => ({}) as never } }],
    ['a public route as enrolment', { getJwks: { auth: 'enrolment', handler: async () => ({}) as never } }],
    ['a JSON route as a page', { getSettings: { auth: 'public', page: () => new Response() } }],
  ])('error: %s is refused when mounted', (_, table) => {
    expect(() => mountRoutes(new Hono(), ctx, table)).toThrow();
  });
});
