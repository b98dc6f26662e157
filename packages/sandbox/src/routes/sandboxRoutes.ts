import type { Hono } from 'hono';
import type { SandboxContext } from '../context.js';
import { readJson } from '../http/readBody.js';
import type { SandboxInfo } from '../sandboxInfo.js';
import { listInbox } from '../services/inbox/inbox.js';
import { listLogs } from '../services/logs/logs.js';
import { mountCustodySandboxRoutes } from './custodySandboxRoutes.js';
import { renderInboxPage } from './inboxPage.js';

/** Sandbox-only routes (never called by the kit): info, inbox, stored logs, admin settings. */
export function mountSandboxRoutes(app: Hono, ctx: SandboxContext, info: SandboxInfo): void {
  app.get('/sandbox/info', (c) => c.json(info));

  app.get('/sandbox/inbox', async (c) => {
    const to = c.req.query('to')?.trim() || undefined;
    const messages = await listInbox(ctx.db, ctx.environmentId, to);
    if ((c.req.header('accept') ?? '').includes('application/json')) return c.json(messages);
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    return c.html(renderInboxPage(messages, to));
  });

  app.get('/sandbox/logs', async (c) => c.json(await listLogs(ctx)));

  app.put('/sandbox/admin/settings', async (c) => c.json(await ctx.settings.merge(await readJson(c))));
  app.post('/sandbox/admin/reset-settings', async (c) => c.json(await ctx.settings.reset()));

  mountCustodySandboxRoutes(app, ctx);
}
