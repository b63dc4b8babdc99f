import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { Entitlements, EventOutbox, RpcErrors, parseRequest, isId } from '@kerf/platform';
import { Project } from './project.entity';

const name = z
  .string({ error: 'Project name is required' })
  .trim()
  .min(1, 'Project name is required')
  .max(200, 'Project name must be at most 200 characters');
const description = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(5_000, 'Description must be at most 5,000 characters')
  .transform((value) => value || null);

const createSchema = z.object({ name, description: description.optional() });
const updateSchema = z.object({ id: z.string(), name: name.optional(), description: description.optional() });

@Injectable()
export class ProjectsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(EventOutbox) private readonly outbox: EventOutbox,
    @Inject(Entitlements) private readonly entitlements: Entitlements,
  ) {}

  list(userId: string): Promise<Project[]> {
    return this.dataSource.getRepository(Project).find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** The user's own project; anything else, including another user's, is NOT_FOUND. */
  async findOwned(userId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<Project> {
    const project = isId(id) ? await manager.findOneBy(Project, { id, userId }) : null;
    if (!project) throw RpcErrors.notFound('Project not found');
    return project;
  }

  async create(userId: string, request: unknown): Promise<Project> {
    const input = parseRequest(createSchema, request);
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.entitlements.isActive(userId, manager))) {
        throw RpcErrors.forbidden(
          'You need to start your 7-day free trial before creating projects.',
          'TRIAL_REQUIRED',
        );
      }
      const project = await manager.save(
        manager.create(Project, { userId, name: input.name, description: input.description ?? null }),
      );
      await this.outbox.add(manager, 'project-created', { projectId: project.id, userId, name: project.name });
      return project;
    });
  }

  async update(userId: string, request: unknown): Promise<Project> {
    const input = parseRequest(updateSchema, request);
    return this.dataSource.transaction(async (manager) => {
      const project = await this.findOwned(userId, input.id, manager);
      if (input.name !== undefined) project.name = input.name;
      if (input.description !== undefined) project.description = input.description;
      project.updatedAt = new Date();
      return manager.save(project);
    });
  }

  /** Deletes the project and its note and announces project-deleted, so other services remove what they hold. */
  async delete(userId: string, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const project = await this.findOwned(userId, id, manager);
      await manager.delete(Project, { id: project.id });
      await this.outbox.add(manager, 'project-deleted', { projectId: project.id, userId });
    });
  }
}
