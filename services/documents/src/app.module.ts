import { Module } from '@nestjs/common';
import { PlatformModule } from '@kerf/platform';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'documents',
      entities: [],
      migrations: [],
      s3: true,
    }),
  ],
})
export class AppModule {}
