import { bootstrapService } from '@kerf/platform';

void bootstrapService('identity', () => import('./app.module.js').then((m) => m.AppModule));
