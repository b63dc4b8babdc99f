import { bootstrapService } from '@kerf/platform';

void bootstrapService('documents', () => import('./app.module.js').then((m) => m.AppModule));
