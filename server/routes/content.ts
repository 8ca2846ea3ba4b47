/**
 * The content calls: GET /api/v1/content/thank-you (thank-you message settings) and GET /api/v1/content/home-popup,
 * answered from the files in server/content/ as read at start.
 */
import type { FastifyInstance } from 'fastify';
import { homePopup, thankYouSettings } from '../../engine/api/schemas.ts';
import type { SiteContent } from '../site-content.ts';

export function registerContentRoutes(app: FastifyInstance, content: SiteContent): void {
  const thankYou = { schema: { response: { 200: thankYouSettings } } };
  const popup = { schema: { response: { 200: homePopup } } };
  app.get('/api/v1/content/thank-you', thankYou, async () => content.thankYou);
  app.get('/api/v1/content/home-popup', popup, async () => content.homePopup);
}
