/** Security headers on every response, the Content-Security-Policy built in one place from the config. */
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';

type Directives = Record<string, string[]>;

/**
 * The page's Content-Security-Policy. Everything comes from this origin; a third party the page loads (tag manager,
 * lead certificate, maps) adds its sources here, switched on by the setting that enables it.
 */
export function contentSecurityPolicy(config: Config): string {
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  };
  if (config.googleMapsApiKey !== undefined) addSources(directives, GOOGLE_MAPS_SOURCES);
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/**
 * What the Maps JavaScript API with Places autocomplete loads (Google's published CSP allowlist). Its suggestion list
 * is styled inline, hence the inline styles.
 */
const GOOGLE_MAPS_SOURCES: Directives = {
  'script-src': ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com'],
  'style-src': ["'unsafe-inline'", 'https://fonts.googleapis.com'],
  'font-src': ['https://fonts.gstatic.com'],
  'img-src': ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com', 'https://*.googleusercontent.com'],
  'connect-src': ['https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com'],
};

function addSources(directives: Directives, more: Directives): void {
  for (const [name, sources] of Object.entries(more)) directives[name] = [...(directives[name] ?? ["'self'"]), ...sources];
}

export function securityHeaders(config: Config): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'content-security-policy': contentSecurityPolicy(config),
  };
}

/** Adds the security headers to every response (pages, files, API, errors, 404s) unless a route set its own. */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = Object.entries(securityHeaders(config));
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of headers) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
}
