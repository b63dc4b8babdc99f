import { Module } from '@nestjs/common';
import { PlatformModule } from '@kerf/platform';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'blog',
      entities: [],
      migrations: [],
    }),
  ],
})
export class AppModule {}
