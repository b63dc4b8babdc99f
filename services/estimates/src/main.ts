import { bootstrapService } from '@kerf/platform';

void bootstrapService('estimates', () => import('./app.module.js').then((m) => m.AppModule));
