import { Module } from '@nestjs/common';
import { PlatformModule, peerClientsModule } from '@kerf/platform';
import { Project } from './projects/project.entity';
import { ProjectsService } from './projects/projects.service';
import { ProjectsGrpcController } from './projects/projects.grpc.controller';
import { ProjectNote } from './notes/project-note.entity';
import { NotesService } from './notes/notes.service';
import { OnProjectActivityHandler } from './activity/on-project-activity.handler';
import { CreateProjects1763800400000 } from './migrations/1763800400000-create-projects';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'projects',
      entities: [Project, ProjectNote],
      migrations: [CreateProjects1763800400000],
      eventHandlers: [OnProjectActivityHandler],
      entitlements: true,
    }),
    // Billing answers a plan check while its events are still on the way (Entitlements).
    peerClientsModule(['billing']),
  ],
  controllers: [ProjectsGrpcController],
  providers: [ProjectsService, NotesService, OnProjectActivityHandler],
})
export class AppModule {}
