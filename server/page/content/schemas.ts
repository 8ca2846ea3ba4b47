/**
 * The shapes of the files in server/page/content/: each is the API answer it feeds (contracts/api.ts), plus the
 * `$schema` key that points editors at its schema file. `npm run flows:schema` writes them to server/page/content/schemas/,
 * and the checks (check.ts) read the files with the same objects, so the editor, the build and the server agree.
 */
import { homePopup, thankYouSettings } from '../../../contracts/api.ts';
import { schemaKey } from '../../../contracts/content-file.ts';

export const thankYouFile = {
  title: 'Thank-you message',
  description:
    "What the last screen says once the form is sent: one message inside the advisors' working hours (on their " +
    'working days, in their time zone), another outside them. See server/page/content/README.md.',
  ...thankYouSettings,
  properties: { $schema: schemaKey('thank-you'), ...thankYouSettings.properties },
} as const;

export const homePopupFile = {
  title: 'Home popup',
  description:
    'The popup the start screen can open, with its HTML and closing button. See server/page/content/README.md.',
  ...homePopup,
  properties: { $schema: schemaKey('home-popup'), ...homePopup.properties },
} as const;

/** Every file in server/page/content/: its name (without .json), its key in the server's content, its schema. */
export const SERVER_CONTENT_FILES = [
  { name: 'thank-you', key: 'thankYou', schema: thankYouFile },
  { name: 'home-popup', key: 'homePopup', schema: homePopupFile },
] as const;
