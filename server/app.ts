/** Builds the Fastify app: security headers, error handling, the API, the built site. Tests import this. */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/types.ts';
import { registerErrorHandler } from './errors.ts';
import { createPageServer, toPublicConfig } from './page.ts';
import { FLOWS_DIR } from './paths.ts';
import { registerHealthRoutes } from './routes/health.ts';
import { indexFile, registerPages } from './routes/pages.ts';
import { registerSecurityHeaders } from './security.ts';
import { offlinePhoneCheck, type PhoneCheck } from './phone/phone-check.ts';
import { registerPhoneRoutes } from './routes/phone.ts';
import { registerRemoteAddressRoutes } from './routes/remote-address.ts';
import { registerZipcodeRoutes } from './routes/zipcode.ts';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** Fastify's logger option; default: JSON lines on stdout at config.logLevel. Tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** The flow files the client routes come from; default: flows/ at the project root. */
  flowsDir?: string;
  /** Re-read index.html on every request and cache nothing; default: NODE_ENV is "development". */
  development?: boolean;
  /** How phone numbers are checked; default: the offline number-plan check. */
  phoneCheck?: PhoneCheck;
}

/**
 * The app, not yet listening (call `listen`, or `inject` in tests). Reads the flows and the built index.html once;
 * throws PageTemplateError when index.html lacks the runtime-config element or the title.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const development = options.development ?? process.env.NODE_ENV === 'development';
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    // The server validates like the browser: no coercion, no stripping, no defaults, every error.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: true } },
  });

  registerSecurityHeaders(app, config);
  registerErrorHandler(app);
  app.addHook('onSend', async (request, reply, payload) => {
    if (/^\/api(?:[/?]|$)/.test(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  registerHealthRoutes(app, db);
  registerZipcodeRoutes(app);
  registerRemoteAddressRoutes(app);
  registerPhoneRoutes(app, options.phoneCheck ?? offlinePhoneCheck);

  const page = createPageServer({
    file: indexFile(config.staticDir),
    publicConfig: toPublicConfig(config),
    development,
  });
  if (!(await page.load())) {
    app.log.warn(
      { staticDir: config.staticDir },
      'STATIC_DIR has no index.html: pages answer 503 until the site is built (npm run build)',
    );
  }
  await registerPages(app, { staticDir: config.staticDir, flowsDir: options.flowsDir ?? FLOWS_DIR, page, development });
  return app;
}
