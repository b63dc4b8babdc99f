import { bootstrapService } from '@kerf/platform';

void bootstrapService('ai-chat', () => import('./app.module.js').then((m) => m.AppModule));
