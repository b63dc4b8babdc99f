import { Inject, Injectable, Logger } from '@nestjs/common';
import { status as GrpcStatus } from '@grpc/grpc-js';
import type { EntityManager } from 'typeorm';
import type { DocumentAnalysis, EventEnvelope } from '@kerf/contracts';
import type { EventHandler } from '@kerf/platform';
import { remeasure } from '../assistant/local-analyst';
import { Material } from './material.entity';
import { followRoomFinish } from './materials.service';
import { DOCUMENTS, type Documents } from '@kerf/platform';

/**
 * A document analysed again (its units or scale set by the user): the materials
 * that came from it and that the user has not edited by hand take their
 * quantity from the new analysis (the same layer, block, room or symbol, found
 * by name) and the new revision. A room sent from the takeoff, from this
 * document or from another of the project (whose finish schedule this one may
 * be), takes the name its finish schedule gives it now, unless the user renamed
 * it by hand. A redelivered or older event changes no quantity.
 */
/** Each room is asked of documents one at a time: a project's rooms beyond this many keep their names until sent again. */
const MAX_ROOMS_FOLLOWING_ANOTHER_DOCUMENT = 500;

@Injectable()
export class OnDocumentAnalyzedHandler implements EventHandler<'document-analyzed'> {
  readonly eventTypes = ['document-analyzed'] as const;
  private readonly logger = new Logger('MaterialsFollowDocument');

  constructor(@Inject(DOCUMENTS) private readonly documents: Documents) {}

  async handle(event: EventEnvelope<'document-analyzed'>, manager: EntityManager): Promise<void> {
    const { documentId, projectId, status } = event.data;
    const revision = event.data.revision ?? 1;
    if (status !== 'analyzed') return;
    const behind = (
      await manager
        .getRepository(Material)
        .createQueryBuilder('m')
        .setLock('pessimistic_write')
        .where(`m.project_id = :projectId AND m.origin->>'documentId' = :documentId`, { projectId, documentId })
        .getMany()
    ).filter(
      // A hand takeoff item's material follows takeoff-item-changed, not the analysis.
      (material) => material.origin?.kind !== 'item' && (material.origin?.revision ?? 1) < revision,
    );
    // A room sent from the takeoff follows by its name (its finish) even when its quantity was edited by hand.
    const renamed = behind.filter((m) => m.source === 'takeoff' && m.origin?.kind === 'room' && !m.nameEdited);
    for (const material of renamed) await this.followFinish(material, material.origin!.documentId!, manager);
    // Another document of the project analysed (a finish schedule uploaded or revised): the rooms sent from
    // the project's plans may be finished by it now.
    const elsewhere = await manager
      .getRepository(Material)
      .createQueryBuilder('m')
      .setLock('pessimistic_write')
      .where(`m.project_id = :projectId AND m.source = 'takeoff' AND m.name_edited = false`, { projectId })
      .andWhere(`m.origin->>'kind' = 'room' AND m.origin->>'documentId' <> :documentId`, { documentId })
      .orderBy('m.created_at')
      .limit(MAX_ROOMS_FOLLOWING_ANOTHER_DOCUMENT)
      .getMany();
    for (const material of elsewhere) await this.followFinish(material, material.origin!.documentId!, manager);
    const measured = behind.filter((material) => !material.edited);
    if (!measured.length) return;

    let analysis: DocumentAnalysis | null;
    try {
      const result = await this.documents.getAnalysis({ id: documentId }, { userId: measured[0]!.userId });
      analysis = result.analysisJson ? (JSON.parse(result.analysisJson) as DocumentAnalysis) : null;
    } catch (error) {
      // The document was deleted since: nothing to follow.
      if ((error as { code?: number }).code === GrpcStatus.NOT_FOUND) return;
      throw error;
    }
    if (analysis?.status !== 'analyzed') return;
    const doc = { id: documentId, filename: measured[0]!.origin?.documentName ?? documentId, analysis };
    for (const material of measured) {
      const quantity = remeasure(material.origin!, doc);
      if (quantity === null) {
        this.logger.warn(
          `material ${material.id}: ${material.origin?.kind} ${material.origin?.ref} is not in revision ${revision}`,
        );
        continue;
      }
      material.quantity = String(Math.round(quantity * 10_000) / 10_000);
      material.origin = { ...material.origin, revision };
      await manager.save(material);
    }
  }

  /**
   * The name its room takes now, read as the room was when it was sent
   * (ResolveTakeoffQuantity, as the material's owner): the finish the room
   * finish schedules of the new analysis, or of the project's other
   * documents, give it. A room no longer in the takeoff keeps its name.
   */
  private async followFinish(material: Material, documentId: string, manager: EntityManager): Promise<void> {
    const { ref, page } = material.origin!;
    let taken;
    try {
      taken = await this.documents.resolveTakeoffQuantity(
        { documentId, room: ref, ...(page ? { page } : {}) },
        { userId: material.userId },
      );
    } catch (error) {
      const code = (error as { code?: number }).code;
      if (code === GrpcStatus.NOT_FOUND || code === GrpcStatus.INVALID_ARGUMENT) return;
      throw error;
    }
    if (followRoomFinish(material, taken)) await manager.save(material);
  }
}
