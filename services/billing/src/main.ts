import { bootstrapService } from '@kerf/platform';

void bootstrapService('billing', () => import('./app.module.js').then((m) => m.AppModule));
