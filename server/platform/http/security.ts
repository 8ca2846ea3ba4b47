/** Security headers on every response, the Content-Security-Policy built in one place from the config. */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiRequest } from './api-path.ts';
import type { Config } from '../config/settings.ts';

type Directives = Record<string, string[]>;

/** Sources ('sha256-...') for a page's own inline elements: its inlined stylesheet, its script loader. */
export interface InlineSources {
  styles: readonly string[];
  scripts: readonly string[];
}

const NO_INLINE: InlineSources = { styles: [], scripts: [] };

/** A fresh nonce for one page response: 128 random bits, base64 (docs/decisions/023-strict-nonce-csp.md). */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The Content-Security-Policy. Everything comes from this origin; a third party the page loads (tag manager, lead
 * certificate, maps) adds its sources here, switched on by the setting that enables it. Scripts never get
 * 'unsafe-inline' or 'unsafe-eval', whatever is configured.
 *
 * A page's policy has its response's nonce: scripts run when they carry it, or match a hash, or were added by a
 * script that runs ('strict-dynamic'), so the tags a tag manager adds run wherever they come from. Browsers that know
 * 'strict-dynamic' ignore 'self' and the hosts after it; those are the allowlist older browsers still go by.
 */
export function contentSecurityPolicy(config: Config, inline: InlineSources = NO_INLINE, nonce?: string): string {
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    // The service worker and the web app manifest, named so they do not depend on default-src staying 'self'.
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  };
  if (config.gtmId !== undefined) addSources(directives, TAG_MANAGER_SOURCES);
  if (config.gtmId !== undefined && config.gtmAuth !== undefined && config.gtmPreview !== undefined) {
    addSources(directives, TAG_MANAGER_PREVIEW_SOURCES);
  }
  if (config.cspTagSources !== undefined) addSources(directives, tagSources(config.cspTagSources));
  if (config.loadTrustedFormScript) addSources(directives, TRUSTED_FORM_SOURCES);
  if (config.googleMapsApiKey !== undefined) {
    addSources(directives, config.googlePlacesApi === 'legacy' ? LEGACY_PLACES_SOURCES : PLACES_NEW_SOURCES);
  }
  // The page's own inline elements, each by its hash (never 'unsafe-inline' for scripts). Where 'unsafe-inline' is
  // already needed for styles a hash would switch it off, so none is added then.
  const styles = directives['style-src']!;
  if (!styles.includes("'unsafe-inline'")) styles.push(...inline.styles);
  const scripts = directives['script-src']!;
  scripts.unshift(...(nonce === undefined ? [] : [`'nonce-${nonce}'`, "'strict-dynamic'"]), ...inline.scripts);
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/**
 * Google Tag Manager's container script and the Google Analytics 4 tags it fires (Google's published CSP guide for
 * Tag Manager and GA4). The page adds the container script itself, with the page's nonce, so no inline snippet needs
 * allowing; the container copies that nonce onto its Custom HTML tags, and the tags it loads run by 'strict-dynamic'.
 * Custom JavaScript variables need eval, which this policy never allows.
 */
const TAG_MANAGER_SOURCES: Directives = {
  'script-src': ['https://www.googletagmanager.com'],
  'img-src': ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
  'connect-src': [
    'https://www.googletagmanager.com',
    'https://www.google.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ],
};

/** A Tag Manager environment (GTM_AUTH and GTM_PREVIEW) can be previewed: its debug pane loads these. */
const TAG_MANAGER_PREVIEW_SOURCES: Directives = {
  'script-src': ['https://tagmanager.google.com'],
  'style-src': ['https://www.googletagmanager.com', 'https://tagmanager.google.com', 'https://fonts.googleapis.com'],
  'img-src': ['https://ssl.gstatic.com', 'https://www.gstatic.com'],
  'font-src': ['https://fonts.gstatic.com', 'data:'],
};

/**
 * Where the tags a tag manager adds send their hits (CSP_TAG_SOURCES): conversion pixels are images, requests are
 * connects, some platforms frame a page of theirs. Their scripts need no source: 'strict-dynamic' runs them.
 */
function tagSources(origins: readonly string[]): Directives {
  return { 'img-src': [...origins], 'connect-src': [...origins], 'frame-src': [...origins] };
}

/**
 * The TrustedForm certify script (ActiveProspect's CSP guide): loaded from api.trustedform.com, with its parts on
 * cdn.trustedform.com, and reporting the visit to api.trustedform.com. Certificates are claimed by the server, so
 * the page never talks to cert.trustedform.com.
 */
const TRUSTED_FORM_SOURCES: Directives = {
  'script-src': ['https://api.trustedform.com', 'https://cdn.trustedform.com'],
  'img-src': ['https://api.trustedform.com', 'https://cdn.trustedform.com'],
  'connect-src': ['https://api.trustedform.com', 'https://cdn.trustedform.com'],
};

/**
 * What the Maps JavaScript API needs for Places API (New) under this policy (docs/decisions/120-places-api-new.md),
 * from Google's CSP guide for it less what only a drawn map or Google's own widgets use. The page adds the script with
 * its nonce and the script adds its parts by 'strict-dynamic' (the hosts are for browsers without it); it asks Places
 * and Maps on googleapis.com, which Google's guide names for images as well as requests. No styles, fonts, frames
 * or map tiles: no map is drawn, the suggestion list is the form's own and "Powered by Google" is text.
 */
const PLACES_NEW_SOURCES: Directives = {
  'script-src': ['https://*.googleapis.com', 'https://*.gstatic.com'],
  'img-src': ['https://*.googleapis.com'],
  'connect-src': ['https://*.googleapis.com'],
};

/**
 * What the Maps JavaScript API with the legacy Places Autocomplete widget loads (GOOGLE_PLACES_API=legacy; Google's
 * published CSP allowlist). Its suggestion list is styled inline, hence the inline styles.
 */
const LEGACY_PLACES_SOURCES: Directives = {
  'script-src': ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com'],
  'style-src': ["'unsafe-inline'", 'https://fonts.googleapis.com'],
  'font-src': ['https://fonts.gstatic.com'],
  'img-src': [
    'https://*.googleapis.com',
    'https://*.gstatic.com',
    'https://*.google.com',
    'https://*.googleusercontent.com',
  ],
  'connect-src': ['https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com'],
};

function addSources(directives: Directives, more: Directives): void {
  for (const [name, sources] of Object.entries(more))
    directives[name] = [...(directives[name] ?? ["'self'"]), ...sources];
}

/**
 * Features a lead form never uses, switched off for the page and anything it embeds: a script that slips in cannot
 * ask for the camera, the microphone, the visitor's location or a payment.
 */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * A year, this host only: the server cannot know whether every subdomain is served over https. Sent on every
 * response, over http too (docs/decisions/042-hostile-input-and-response-headers.md): a browser ignores it there, and
 * a server behind a TLS proxy that TRUST_PROXY does not name still gets it to its visitors.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

export function securityHeaders(config: Config): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'content-security-policy': contentSecurityPolicy(config),
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'strict-transport-security': STRICT_TRANSPORT_SECURITY,
  };
}

/**
 * An API answer is JSON a browser never renders as a page, so the page's headers (its policy for scripts, styles and
 * device features, its opener rules) mean nothing there and cost every answer about 500 bytes. What remains matters
 * if one is opened as a document or framed: no sniffing it into HTML, nothing loaded or run from it, no framing, no
 * referrer to anywhere; https only; and no copy kept by any cache unless the route says otherwise (answers carry the
 * visitor's own details: their address, their phone's status, their lead).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'strict-transport-security': STRICT_TRANSPORT_SECURITY,
  'cache-control': 'no-store',
};

/**
 * A script or a stylesheet is never a document: a Content-Security-Policy, Permissions-Policy, Referrer-Policy, COOP
 * or X-Frame-Options on it does nothing (docs/decisions/038-room-in-the-first-script.md), and dropping
 * them saves about 520 bytes on every one the page loads. Opened on its own it is shown as text, never run.
 */
export const SUBRESOURCE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'strict-transport-security': STRICT_TRANSPORT_SECURITY,
};

const SUBRESOURCE_TYPES = ['text/javascript', 'application/javascript', 'text/css'];

/** A script or stylesheet, but not a service worker's script, whose response's policy is the worker's own. */
function isSubresource(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.headers['service-worker'] !== undefined) return false;
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && SUBRESOURCE_TYPES.some((prefix) => type.startsWith(prefix));
}

/**
 * Adds the security headers to every response (pages, files, errors, 404s; API answers, scripts and stylesheets get
 * theirs) unless a route set its own.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const pageHeaders = Object.entries(securityHeaders(config));
  const apiHeaders = Object.entries(API_SECURITY_HEADERS);
  const subresourceHeaders = Object.entries(SUBRESOURCE_SECURITY_HEADERS);
  const headersOf = (request: FastifyRequest, reply: FastifyReply) => {
    if (isApiRequest(request)) return apiHeaders;
    return isSubresource(request, reply) ? subresourceHeaders : pageHeaders;
  };
  // A callback hook, not an async one: it runs on every response, and a promise per hook is measurable under load.
  app.addHook('onSend', (request, reply, payload, done) => {
    for (const [name, value] of headersOf(request, reply)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    done(null, payload);
  });
}
