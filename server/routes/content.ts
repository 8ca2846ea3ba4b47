/**
 * The content calls: GET /api/v1/content/thank-you (thank-you message settings) and GET /api/v1/content/home-popup,
 * answered from the files in server/content/ as read at start.
 */
import type { FastifyInstance } from 'fastify';
import { homePopup, thankYouSettings } from '../../engine/api/schemas.ts';
import type { SiteContent } from '../site-content.ts';

export function registerContentRoutes(app: FastifyInstance, content: SiteContent): void {
  app.get('/api/v1/content/thank-you', { schema: { response: { 200: thankYouSettings } } }, async () => content.thankYou);
  app.get('/api/v1/content/home-popup', { schema: { response: { 200: homePopup } } }, async () => content.homePopup);
}
