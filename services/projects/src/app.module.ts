import { Module } from '@nestjs/common';
import { PlatformModule } from '@kerf/platform';
import { Project } from './projects/project.entity';
import { ProjectsService } from './projects/projects.service';
import { ProjectsGrpcController } from './projects/projects.grpc.controller';
import { ProjectNote } from './notes/project-note.entity';
import { NotesService } from './notes/notes.service';
import { Entitlement } from './entitlements/entitlement.entity';
import { subscriptionHandlers } from './entitlements/on-subscription-changed.handler';
import { activityHandlers } from './activity/on-project-activity.handler';
import { CreateProjects1763800400000 } from './migrations/1763800400000-create-projects';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'projects',
      entities: [Project, ProjectNote, Entitlement],
      migrations: [CreateProjects1763800400000],
      eventHandlers: [...subscriptionHandlers, ...activityHandlers],
    }),
  ],
  controllers: [ProjectsGrpcController],
  providers: [ProjectsService, NotesService, ...subscriptionHandlers, ...activityHandlers],
})
export class AppModule {}
