import { type DynamicModule, Module } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { serviceClientsModule } from './services/service-clients.module';
import { HealthController } from './health/health.controller';
import { AuthController } from './auth/auth.controller';
import { AccountController } from './auth/account.controller';
import { PasswordResetController } from './auth/password-reset.controller';
import { SecurityEventsListener } from './auth/security-events.listener';
import { ProjectsController } from './projects/projects.controller';
import { EstimatesController } from './estimates/estimates.controller';
import { BlogController } from './blog/blog.controller';
import { BillingController } from './billing/billing.controller';
import { DocumentsController } from './documents/documents.controller';
import { DocumentFileController } from './documents/document-file.controller';
import { TakeoffItemsController } from './takeoff/takeoff-items.controller';
import { MaterialsController } from './materials/materials.controller';
import { MessagesController } from './messages/messages.controller';
import { AiPreferencesController } from './ai-preferences/ai-preferences.controller';
import { SeoController } from './seo/seo.controller';
import { ApiDocsController } from './api-docs/api-docs.controller';
import { SessionResolver } from './auth/session-cookie';
import { IDENTITY, type Identity } from './services/service-clients.module';

@Module({})
export class AppModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [serviceClientsModule(config)],
      controllers: [
        HealthController,
        AuthController,
        AccountController,
        PasswordResetController,
        ProjectsController,
        BillingController,
        DocumentsController,
        DocumentFileController,
        TakeoffItemsController,
        MaterialsController,
        MessagesController,
        AiPreferencesController,
        EstimatesController,
        BlogController,
        SeoController,
        ApiDocsController,
      ],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        {
          provide: SessionResolver,
          inject: [IDENTITY],
          useFactory: (identity: Identity) => new SessionResolver(identity, Number(config.SESSION_CACHE_MS)),
        },
        SecurityEventsListener,
      ],
      exports: [GATEWAY_CONFIG, SessionResolver],
    };
  }
}
