/**
 * A copy of the flows folder with a small Spanish language file of the tests' own (flows/languages/es.json), so the
 * server's languages are tested on words the tests know, whatever the real translation says.
 */
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FLOWS_DIR } from '../../server/platform/paths.ts';
import { tempDir } from '../support/server-harness.ts';

/** The Spanish consent text of the copy: `{product}` and `{lenders}` are filled in as in English. */
export const SPANISH_CONSENT =
  'Al hacer clic en "Ver opciones", doy mi consentimiento expreso por escrito para que {product} y sus prestamistas ' +
  '({lenders}) me contacten.';
/** The Spanish words of the copy's flows, by message. */
export const SPANISH_MESSAGES = {
  required: 'Este campo es obligatorio',
  outsideServedArea: 'Lo sentimos, nuestros prestamistas solo financian negocios en los 50 estados y DC.',
} as const;
/** The Spanish popup heading and thank-you title of the copy's language file. */
export const SPANISH_CONTENT = { popupHeading: 'Bienvenido', thankYouTitle: 'Gracias' } as const;

/** The language file: the flows' texts above, and the content files' `extra` texts as the caller gives them. */
function spanishFile(content: Record<string, Record<string, string>>) {
  return {
    language: 'es',
    name: 'Español',
    locale: 'es-US',
    texts: {
      'flows/business-funding.json': {
        '/consent/text': SPANISH_CONSENT,
        '/messages/required': SPANISH_MESSAGES.required,
        '/messages/outsideServedArea': SPANISH_MESSAGES.outsideServedArea,
      },
      ...content,
    },
  };
}

/** The flows folder copied with the Spanish file in it; `remove` deletes the copy. */
export function spanishFlowsDir(content: Record<string, Record<string, string>> = {}): {
  path: string;
  remove: () => void;
} {
  const dir = tempDir('fundflow-flows-');
  cpSync(FLOWS_DIR, dir.path, { recursive: true });
  mkdirSync(join(dir.path, 'languages'), { recursive: true });
  writeFileSync(join(dir.path, 'languages', 'es.json'), JSON.stringify(spanishFile(content), null, 2));
  return dir;
}
