import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import type { Project } from '@kerf/contracts/generated/kerf/projects';
import { PROJECTS, type Projects } from '../services/service-clients.module';
import { SignedInGuard } from '../http/signed-in.guard';
import { parseBody } from '../http/parse-body';

const optionalText = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .nullish()
    .transform((value) => value ?? undefined);

const createBody = z.object(
  { name: z.string({ error: 'Project name is required' }), description: optionalText('Description') },
  { error: 'Send the project as a JSON object' },
);
const updateBody = z.object(
  { name: optionalText('Project name'), description: optionalText('Description') },
  { error: 'Send the changes as a JSON object' },
);
const noteBody = z.object(
  { content: z.string({ error: 'Notes must be text' }) },
  { error: 'Send the note as a JSON object' },
);

/** SPEC §3 project fields as the screens read them. */
function toProjectResponse(project: Project) {
  return {
    id: project.id,
    userId: project.userId,
    name: project.name,
    description: project.description ?? null,
    createdAt: project.createdAt,
    updatedAt: project.updatedAt,
  };
}

@Controller('api/projects')
@UseGuards(SignedInGuard)
export class ProjectsController {
  constructor(@Inject(PROJECTS) private readonly projects: Projects) {}

  @Get()
  async list() {
    const { projects } = await this.projects.listProjects({});
    return (projects ?? []).map(toProjectResponse);
  }

  @Post()
  @HttpCode(201)
  async create(@Body() body: unknown) {
    return toProjectResponse(await this.projects.createProject(parseBody(createBody, body)));
  }

  @Patch(':id')
  async update(@Param('id') id: string, @Body() body: unknown) {
    return toProjectResponse(await this.projects.updateProject({ id, ...parseBody(updateBody, body) }));
  }

  @Delete(':id')
  async remove(@Param('id') id: string) {
    return this.projects.deleteProject({ id });
  }

  @Get(':id/notes')
  async note(@Param('id') id: string) {
    const note = await this.projects.getNote({ id });
    return { content: note.content, updatedAt: note.updatedAt || null };
  }

  @Post(':id/notes')
  @HttpCode(200)
  async saveNote(@Param('id') id: string, @Body() body: unknown) {
    const note = await this.projects.saveNote({ projectId: id, ...parseBody(noteBody, body) });
    return { content: note.content, updatedAt: note.updatedAt };
  }
}
