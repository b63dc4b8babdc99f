import type { ApiRoute } from './route';
import { aiPreferencesRoutes } from './ai-preferences';
import { apiDocsRoutes } from './api-docs';
import { authRoutes } from './auth';
import { billingRoutes } from './billing';
import { blogRoutes } from './blog';
import { documentRoutes } from './documents';
import { assemblyRoutes, estimateRoutes, priceMappingRoutes } from './estimates';
import { healthRoutes } from './health';
import { materialRoutes } from './materials';
import { messageRoutes } from './messages';
import { noteRoutes } from './notes';
import { priceListRoutes } from './price-lists';
import { projectRoutes } from './projects';
import { takeoffItemRoutes } from './takeoff-items';

/** Every /api route by resource; the OpenAPI document's tags are these names. */
export const apiResources: Record<string, Record<string, ApiRoute>> = {
  'User and sign-in': authRoutes,
  Projects: projectRoutes,
  Notes: noteRoutes,
  Documents: documentRoutes,
  'Takeoff items': takeoffItemRoutes,
  Materials: materialRoutes,
  Chat: messageRoutes,
  'AI settings': aiPreferencesRoutes,
  Estimates: estimateRoutes,
  Assemblies: assemblyRoutes,
  'Price lists': priceListRoutes,
  'Price choices': priceMappingRoutes,
  Billing: billingRoutes,
  Blog: blogRoutes,
  Health: healthRoutes,
  'API documents': apiDocsRoutes,
};
