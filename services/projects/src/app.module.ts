import { Module } from '@nestjs/common';
import { PlatformModule } from '@kerf/platform';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'projects',
      entities: [],
      migrations: [],
    }),
  ],
})
export class AppModule {}
