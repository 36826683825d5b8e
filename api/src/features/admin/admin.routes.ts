import type { FastifyPluginAsync } from 'fastify';
import { requireAdmin } from '../../plugins/auth';
import { adminCoachSlotsRoutes } from '../assessment/admin-coach-slots.routes';
import { adminBillsRoutes } from '../billing/admin-bills.routes';
import { adminFeedbackRoutes } from '../feedback/admin-feedback.routes';
import { adminOffersRoutes } from '../offers/admin-offers.routes';
import { adminPricingRoutes } from '../products/admin-pricing.routes';
import { adminTermsRoutes } from '../terms/admin-terms.routes';
import { adminVocabulariesRoutes } from '../vocabularies/admin-vocabularies.routes';
import { adminDashboardRoutes } from './admin-dashboard.routes';
import { adminUsersRoutes } from './admin-users.routes';

/**
 * Every `/api/admin/*` call (spec section 6: the god area). The admin check is one `onRequest` hook on this
 * encapsulated plugin, so it runs before body parsing and validation for every route registered inside it,
 * and no admin route can forget it. Register admin routes only here.
 */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', requireAdmin);
  await app.register(adminDashboardRoutes);
  await app.register(adminUsersRoutes);
  await app.register(adminTermsRoutes);
  await app.register(adminFeedbackRoutes);
  await app.register(adminOffersRoutes);
  await app.register(adminVocabulariesRoutes);
  await app.register(adminPricingRoutes);
  await app.register(adminCoachSlotsRoutes);
  await app.register(adminBillsRoutes);
};
