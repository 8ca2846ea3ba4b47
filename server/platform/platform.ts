/**
 * What every request passes through, whichever feature answers it: the server's options (logging without personal
 * data, the API's shape for requests refused before any route, the browser's validation), security headers, the one
 * error handler, cross-site request protection, rate limits, and the health check. Registered on the root before any
 * feature, so every feature's routes inherit it.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from './config/settings.ts';
import type { Database } from './db/types.ts';
import { answerClientError, answerFrameworkError, registerErrorHandler } from './http/errors.ts';
import { registerContentEncodingCheck } from './http/content-encoding.ts';
import { registerHealthRoutes } from './http/health.ts';
import { registerRateLimits } from './http/rate-limit/rate-limits.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerXsrfProtection } from './http/xsrf.ts';
import { xsrfTokens } from './http/xsrf-token.ts';
import { lazyChildLogger } from './logging/lazy-child-logger.ts';
import { stdoutLog } from './logging/log-output.ts';
import { withPrivateRequests } from './logging/log-privacy.ts';
import { sharedSecret } from './server-secrets.ts';

/**
 * Fastify's options. `logger` default: stdout at config.logLevel, JSON lines or pretty ones as config.logFormat and the
 * terminal decide; whatever is passed, request lines show method and path only (no IP address, no query).
 */
export function serverOptions(config: Config, logger?: FastifyServerOptions['logger']): FastifyServerOptions {
  return {
    logger: withPrivateRequests(logger ?? { level: config.logLevel, stream: stdoutLog(config.logFormat) }),
    childLoggerFactory: lazyChildLogger,
    trustProxy: config.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    // Requests refused before any route or hook answer in the API's shape with its security headers too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // The server validates like the browser: no coercion, no stripping, no defaults, every error.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: true } },
  };
}

/** The key XSRF tokens are signed with: XSRF_SECRET, or the one the installation's servers share in the database. */
function xsrfSecret(config: Config, db: Database): Promise<Buffer> {
  return config.xsrfSecret === undefined ? sharedSecret(db, 'xsrf') : Promise.resolve(config.xsrfSecret);
}

export function registerPlatform(app: FastifyInstance, config: Config, db: Database, now: () => number): void {
  app.decorate('plainHttp', config.plainHttp);
  registerSecurityHeaders(app, config);
  registerErrorHandler(app);
  registerContentEncodingCheck(app);
  // After the security headers' cache-control default: the cookie's answers add "private" to whatever caching they have.
  // The key is read once the app is ready, after the server has migrated its database.
  registerXsrfProtection(app, async () => xsrfTokens(await xsrfSecret(config, db)));
  // Before the routes it limits: it attaches their hooks as they are registered.
  registerRateLimits(app, config, db, now);
  registerHealthRoutes(app, db);
}
