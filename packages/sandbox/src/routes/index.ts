import type { Hono } from 'hono';
import type { SandboxContext } from '../context.js';
import { mountRoutes, type RouteTable } from '../http/mountRoutes.js';
import { bootstrapRoutes } from './bootstrapRoutes.js';
import { chainRoutes } from './chainRoutes.js';
import { emailRoutes } from './emailRoutes.js';
import { embeddedWalletRoutes } from './embeddedWalletRoutes.js';
import { mfaRoutes } from './mfaRoutes.js';
import { mpcRoutes } from './mpcRoutes.js';
import { passkeyRoutes } from './passkeyRoutes.js';
import { sessionRoutes } from './sessionRoutes.js';
import { smsRoutes } from './smsRoutes.js';
import { socialRoutes } from './socialRoutes.js';
import { telegramRoutes } from './telegramRoutes.js';
import { userRoutes } from './userRoutes.js';
import { walletRoutes } from './walletRoutes.js';

/** The product route groups, one file each, named after the groups of DESIGN.md "Routes". */
export const productRouteGroups: readonly RouteTable[] = [
  bootstrapRoutes,
  sessionRoutes,
  emailRoutes,
  smsRoutes,
  socialRoutes,
  telegramRoutes,
  walletRoutes,
  passkeyRoutes,
  mfaRoutes,
  userRoutes,
  embeddedWalletRoutes,
  mpcRoutes,
  chainRoutes,
];

/** The product routes of the protocol table that the sandbox serves. */
export function mountProductRoutes(app: Hono, ctx: SandboxContext): void {
  for (const group of productRouteGroups) mountRoutes(app, ctx, group);
}
