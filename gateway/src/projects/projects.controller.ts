import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { answer, noteRoutes, projectRoutes } from '@kerf/contracts/http';
import { PROJECTS, type Projects } from '../services/service-clients.module';
import { SignedInGuard } from '../http/signed-in.guard';
import { parseBody } from '../http/parse-body';

@Controller('api/projects')
@UseGuards(SignedInGuard)
export class ProjectsController {
  constructor(@Inject(PROJECTS) private readonly projects: Projects) {}

  @Get()
  async list() {
    const { projects } = await this.projects.listProjects({});
    return answer(projectRoutes.list, projects ?? []);
  }

  @Post()
  @HttpCode(201)
  async create(@Body() body: unknown) {
    return answer(projectRoutes.create, await this.projects.createProject(parseBody(projectRoutes.create.body, body)));
  }

  @Patch(':id')
  async update(@Param('id') id: string, @Body() body: unknown) {
    return answer(
      projectRoutes.update,
      await this.projects.updateProject({ id, ...parseBody(projectRoutes.update.body, body) }),
    );
  }

  @Delete(':id')
  async remove(@Param('id') id: string) {
    return answer(projectRoutes.remove, await this.projects.deleteProject({ id }));
  }

  @Get(':id/notes')
  async note(@Param('id') id: string) {
    const note = await this.projects.getNote({ id });
    // Never saved: the service's empty time.
    return answer(noteRoutes.get, { content: note.content, updatedAt: note.updatedAt || null });
  }

  @Post(':id/notes')
  @HttpCode(200)
  async saveNote(@Param('id') id: string, @Body() body: unknown) {
    const note = await this.projects.saveNote({ projectId: id, ...parseBody(noteRoutes.save.body, body) });
    return answer(noteRoutes.save, note);
  }
}
