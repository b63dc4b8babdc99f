import { Controller, Inject } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import { RpcErrors, currentContext, DOCUMENTS, type Documents } from '@kerf/platform';
import {
  AI_CHAT_SERVICE_NAME,
  type Material,
  type MaterialFromTakeoffRequest,
} from '@kerf/contracts/generated/kerf/ai-chat';
import { MaterialsService, toMaterialMessage } from './materials.service';

/**
 * Issue 17: a takeoff quantity into the materials list. Documents measures it
 * as the acting user (another user's document or item is not found there),
 * then the materials list takes it.
 */
@Controller()
export class TakeoffMaterialsGrpcController {
  constructor(
    private readonly materials: MaterialsService,
    @Inject(DOCUMENTS) private readonly documents: Documents,
  ) {}

  @GrpcMethod(AI_CHAT_SERVICE_NAME, 'addMaterialFromTakeoff')
  async addMaterialFromTakeoff(request: MaterialFromTakeoffRequest): Promise<Material> {
    const userId = currentContext()?.userId;
    if (!userId) throw RpcErrors.unauthenticated();
    const taken = await this.documents.resolveTakeoffQuantity(request);
    return toMaterialMessage(await this.materials.upsertFromTakeoff(userId, taken));
  }
}
