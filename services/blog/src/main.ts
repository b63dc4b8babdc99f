import { bootstrapService } from '@kerf/platform';

void bootstrapService('blog', () => import('./app.module.js').then((m) => m.AppModule));
