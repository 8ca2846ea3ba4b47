/**
 * The content marketers edit as JSON files in server/page/content/: the thank-you message settings and the home popup.
 * Read once at start with the checks the build and `npm run flows:check` run (content/check.ts: the API's own response
 * schemas and the working hours), so a broken file stops the server with the same message naming the file and the
 * field, rather than reaching visitors. The popup's HTML is shown by the page as written, so it is cut down here to an
 * allowlist before anything serves it.
 */
import sanitizeHtml from 'sanitize-html';
import type { Problem } from '../../engine/flow/checks.ts';
import { SOURCE_LANGUAGE, translate, type LanguageFile } from '../../engine/language/language-file.ts';
import { readServerContent, type ServerContent } from './content/check.ts';

export class SiteContentError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SiteContentError';
  }
}

export type SiteContent = ServerContent;

/** The folder as the server's messages name it, wherever it was read from. */
const SHOWN_DIR = 'server/page/content';

/**
 * What the popup and the thank-you templates may contain: headings, paragraphs, emphasis, lists, links and images; no styles, scripts, event
 * handlers or frames. Links go to http(s), mailto: and tel: or a path of this site; one that opens a new tab gets
 * rel="noopener noreferrer" so the opened page cannot reach back (any other target or rel is dropped). Images come
 * over https or from a path of this site. server/page/content/README.md says the same for the people who edit the file.
 */
const CONTENT_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'br', 'strong', 'em', 'b', 'i', 'u', 'ul', 'ol', 'li', 'a', 'img'],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      // Attributes keep their order, so a link written as the README shows it passes unchanged.
      const kept = { ...attribs };
      if (kept.target === '_blank') {
        kept.rel = 'noopener noreferrer';
      } else {
        delete kept.target;
        delete kept.rel;
      }
      return { tagName, attribs: kept };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Everything kept, with the same parser and serialisation: comparing with it shows whether the allowlist cut. */
const AS_WRITTEN: sanitizeHtml.IOptions = {
  allowedTags: false,
  allowedAttributes: false,
  allowVulnerableTags: true,
  allowedSchemesAppliedToAttributes: [],
};

/**
 * Content HTML cut down to CONTENT_HTML, and whether that removed anything. The cut-down HTML is served even when
 * nothing was removed: it is what the allowlist's parser read, not what a browser might read differently.
 */
export function sanitizeContentHtml(html: string): { html: string; changed: boolean } {
  const sanitized = sanitizeHtml(html, CONTENT_HTML);
  return { html: sanitized, changed: sanitized !== sanitizeHtml(html, AS_WRITTEN) };
}

/**
 * Reads both files from dir; throws SiteContentError listing every problem, one a line as `npm run flows:check` shows
 * it. `warn` hears of markup outside the allowlist in the popup or the thank-you templates (named by file and field,
 * never quoted), which is removed rather than refused so the site still starts.
 */
export function loadSiteContent(dir: string, warn: (message: string) => void): SiteContent {
  return allowedContent(readContent(dir), warn, '');
}

/**
 * The content in English (SOURCE_LANGUAGE) and in each language, by language code: each language's texts put in
 * (the language file's for `server/page/content/<file>.json`) before the HTML is cut down to the allowlist, so a
 * translation passes the same cut as the English. Throws SiteContentError as loadSiteContent does.
 */
export function loadContentInLanguages(
  dir: string,
  languages: readonly LanguageFile[],
  warn: (message: string) => void,
): ReadonlyMap<string, SiteContent> {
  const english = readContent(dir);
  const texts = (language: LanguageFile, file: string) => language.texts[`${SHOWN_DIR}/${file}`];
  return new Map([
    [SOURCE_LANGUAGE, allowedContent(english, warn, '')],
    ...languages.map((language): [string, SiteContent] => [
      language.language,
      allowedContent(
        {
          thankYou: translate(english.thankYou, texts(language, 'thank-you.json')),
          homePopup: translate(english.homePopup, texts(language, 'home-popup.json')),
        },
        warn,
        ` in "${language.language}"`,
      ),
    ]),
  ]);
}

function readContent(dir: string): ServerContent {
  const { problems, content } = readServerContent(dir, SHOWN_DIR);
  if (content === undefined) {
    // formatProblem's layout (engine/flow/checks.ts), which the server does not load.
    const line = ({ file, pointer, message }: Problem) => `${file}${pointer === '' ? '' : ` ${pointer}`}: ${message}`;
    throw new SiteContentError(problems.map(line).join('\n'));
  }
  return content;
}

/** The content with its HTML cut down to the allowlist; `inLanguage` says which translation a warning is of. */
function allowedContent(content: ServerContent, warn: (message: string) => void, inLanguage: string): SiteContent {
  const { thankYou, homePopup: popup } = content;
  const allowed = (html: string, file: string, pointer: string, shows: string): string => {
    const sanitized = sanitizeContentHtml(html);
    if (sanitized.changed) {
      warn(
        `${SHOWN_DIR}/${file}${inLanguage} ${pointer}: markup the page does not allow was removed ` +
          `(the allowlist is in server/page/content/README.md); ${shows}`,
      );
    }
    return sanitized.html;
  };
  const template = (settings: { template: string }, key: string) => ({
    ...settings,
    template: allowed(settings.template, 'thank-you.json', `/${key}/template`, 'the thank-you message shows the rest'),
  });
  return {
    thankYou: {
      ...thankYou,
      business_hours_settings: template(thankYou.business_hours_settings, 'business_hours_settings'),
      non_business_hours_settings: template(thankYou.non_business_hours_settings, 'non_business_hours_settings'),
    },
    homePopup: {
      ...popup,
      model_content: allowed(popup.model_content, 'home-popup.json', '/model_content', 'the popup shows the rest'),
    },
  };
}
