import { Module } from '@nestjs/common';
import { PlatformModule } from '@kerf/platform';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'ai-chat',
      entities: [],
      migrations: [],
    }),
  ],
})
export class AppModule {}
