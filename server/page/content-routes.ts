/**
 * The content calls: GET /api/v1/content/thank-you (thank-you message settings) and GET /api/v1/content/home-popup,
 * answered from the files in server/page/content/ as read at start.
 */
import type { FastifyInstance } from 'fastify';
import { homePopup, thankYouSettings } from '../../contracts/api.ts';
import { HOME_POPUP_PATH, THANK_YOU_PATH } from '../../contracts/api-paths.ts';
import type { SiteContent } from './site-content.ts';

export function registerContentRoutes(app: FastifyInstance, content: SiteContent): void {
  const thankYou = { schema: { response: { 200: thankYouSettings } } };
  const popup = { schema: { response: { 200: homePopup } } };
  app.get(THANK_YOU_PATH, thankYou, async () => content.thankYou);
  app.get(HOME_POPUP_PATH, popup, async () => content.homePopup);
}
