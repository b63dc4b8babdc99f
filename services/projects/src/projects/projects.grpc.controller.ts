import { Controller, Inject } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import {
  PROJECTS_SERVICE_NAME,
  type CreateProjectRequest,
  type DeleteProjectResult,
  type Note,
  type Project as ProjectMessage,
  type ProjectId,
  type ProjectList,
  type SaveNoteRequest,
  type UpdateProjectRequest,
} from '@kerf/contracts/generated/kerf/projects';
import { ProjectsService } from './projects.service';
import { NotesService } from '../notes/notes.service';
import type { Project } from './project.entity';
import { actingUserId } from '@kerf/platform';

function toMessage(project: Project): ProjectMessage {
  return {
    id: project.id,
    userId: project.userId,
    name: project.name,
    description: project.description ?? undefined,
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
  };
}

@Controller()
export class ProjectsGrpcController {
  constructor(
    @Inject(ProjectsService) private readonly projects: ProjectsService,
    @Inject(NotesService) private readonly notes: NotesService,
  ) {}

  @GrpcMethod(PROJECTS_SERVICE_NAME, 'listProjects')
  async listProjects(): Promise<ProjectList> {
    return { projects: (await this.projects.list(actingUserId())).map(toMessage) };
  }

  @GrpcMethod(PROJECTS_SERVICE_NAME, 'getProject')
  async getProject({ id }: ProjectId): Promise<ProjectMessage> {
    return toMessage(await this.projects.findOwned(actingUserId(), id));
  }

  @GrpcMethod(PROJECTS_SERVICE_NAME, 'createProject')
  async createProject(request: CreateProjectRequest): Promise<ProjectMessage> {
    return toMessage(await this.projects.create(actingUserId(), request));
  }

  @GrpcMethod(PROJECTS_SERVICE_NAME, 'updateProject')
  async updateProject(request: UpdateProjectRequest): Promise<ProjectMessage> {
    return toMessage(await this.projects.update(actingUserId(), request));
  }

  @GrpcMethod(PROJECTS_SERVICE_NAME, 'deleteProject')
  async deleteProject({ id }: ProjectId): Promise<DeleteProjectResult> {
    await this.projects.delete(actingUserId(), id);
    return { success: true };
  }

  @GrpcMethod(PROJECTS_SERVICE_NAME, 'getNote')
  async getNote({ id }: ProjectId): Promise<Note> {
    const note = await this.notes.get(actingUserId(), id);
    return { content: note.content, updatedAt: note.updatedAt?.toISOString() ?? '' };
  }

  @GrpcMethod(PROJECTS_SERVICE_NAME, 'saveNote')
  async saveNote(request: SaveNoteRequest): Promise<Note> {
    const note = await this.notes.save(actingUserId(), request);
    return { content: note.content, updatedAt: note.updatedAt.toISOString() };
  }
}
