import { type DynamicModule, Module } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { ServiceClientsModule } from './services/service-clients.module';
import { HealthController } from './health/health.controller';
import { AuthController } from './auth/auth.controller';

@Module({})
export class AppModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [ServiceClientsModule],
      controllers: [HealthController, AuthController],
      providers: [{ provide: GATEWAY_CONFIG, useValue: config }],
      exports: [GATEWAY_CONFIG],
    };
  }
}
