/**
 * The content calls: GET /api/v1/content/thank-you (thank-you message settings) and GET /api/v1/content/home-popup,
 * answered from the files in server/page/content/ as read at start, in the language asked (`?language=es`; English
 * without one). A language the server has no translation in is refused naming `language`.
 */
import type { FastifyInstance } from 'fastify';
import { errorResponse, homePopup, thankYouSettings } from '../../contracts/api.ts';
import { HOME_POPUP_PATH, THANK_YOU_PATH } from '../../contracts/api-paths.ts';
import { SOURCE_LANGUAGE } from '../../engine/language/language-file.ts';
import { invalidFieldsBody } from '../platform/http/errors.ts';
import type { SiteContent } from './site-content.ts';

/** The content by language code, English's under SOURCE_LANGUAGE. */
export type ContentByLanguage = ReadonlyMap<string, SiteContent>;

export function registerContentRoutes(app: FastifyInstance, content: ContentByLanguage): void {
  const schema = { response: { 200: thankYouSettings, 400: errorResponse } };
  const popupSchema = { response: { 200: homePopup, 400: errorResponse } };
  const languages = [...content.keys()].join(', ');
  const route = <T>(path: string, routeSchema: object, pick: (content: SiteContent) => T) =>
    app.get<{ Querystring: { language?: string | string[] } }>(
      path,
      { schema: routeSchema },
      async (request, reply) => {
        const asked = request.query.language ?? SOURCE_LANGUAGE;
        const found = typeof asked === 'string' ? content.get(asked) : undefined;
        if (found === undefined) {
          return reply
            .code(400)
            .send(
              invalidFieldsBody('invalid_request', 'The request', [
                { field: 'language', keyword: 'enum', message: `Must be one of ${languages}` },
              ]),
            );
        }
        return pick(found);
      },
    );
  route(THANK_YOU_PATH, schema, (found) => found.thankYou);
  route(HOME_POPUP_PATH, popupSchema, (found) => found.homePopup);
}
