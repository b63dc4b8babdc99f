import { Module } from '@nestjs/common';
import { PlatformModule, peerClientProvider, peerClientsModule } from '@kerf/platform';
import type { ProjectsServiceClient } from '@kerf/contracts/generated/kerf/projects';
import { Material } from './materials/material.entity';
import { MaterialsService, PROJECTS } from './materials/materials.service';
import { MaterialsGrpcController } from './materials/materials.grpc.controller';
import { OnProjectDeletedHandler } from './materials/on-project-deleted.handler';
import { CreateMaterials1763801100000 } from './migrations/1763801100000-create-materials';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'ai-chat',
      entities: [Material],
      migrations: [CreateMaterials1763801100000],
      eventHandlers: [OnProjectDeletedHandler],
    }),
    peerClientsModule(['projects']),
  ],
  controllers: [MaterialsGrpcController],
  providers: [
    peerClientProvider<ProjectsServiceClient>('projects', PROJECTS),
    MaterialsService,
    OnProjectDeletedHandler,
  ],
})
export class AppModule {}
