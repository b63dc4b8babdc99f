import { bootstrapService } from '@kerf/platform';

void bootstrapService('projects', () => import('./app.module.js').then((m) => m.AppModule));
