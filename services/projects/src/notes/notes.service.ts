import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { RpcErrors, parseRequest } from '@kerf/platform';
import { ProjectNote } from './project-note.entity';
import { Project } from '../projects/project.entity';
import { ProjectsService } from '../projects/projects.service';

export const MAX_NOTE_BYTES = 1024 * 1024;

const saveSchema = z.object({
  projectId: z.string(),
  content: z.string({ error: 'Notes must be text' }),
});

@Injectable()
export class NotesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ProjectsService) private readonly projects: ProjectsService,
  ) {}

  async get(userId: string, projectId: string): Promise<{ content: string; updatedAt: Date | null }> {
    await this.projects.findOwned(userId, projectId);
    const note = await this.dataSource.getRepository(ProjectNote).findOneBy({ projectId });
    return { content: note?.content ?? '', updatedAt: note?.updatedAt ?? null };
  }

  /** Saves the note and moves the project's updatedAt with it. */
  async save(userId: string, request: unknown): Promise<{ content: string; updatedAt: Date }> {
    const input = parseRequest(saveSchema, request);
    if (Buffer.byteLength(input.content, 'utf8') > MAX_NOTE_BYTES) {
      throw RpcErrors.invalid('Notes can be at most 1 MB of text.', { content: 'Notes can be at most 1 MB of text.' });
    }
    return this.dataSource.transaction(async (manager) => {
      const project = await this.projects.findOwned(userId, input.projectId, manager);
      const updatedAt = new Date();
      await manager.upsert(ProjectNote, { projectId: project.id, content: input.content, updatedAt }, ['projectId']);
      await manager.update(Project, { id: project.id }, { updatedAt });
      return { content: input.content, updatedAt };
    });
  }
}
