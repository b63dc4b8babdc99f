import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import { actingUserId } from '@kerf/platform';
import {
  AI_CHAT_SERVICE_NAME,
  type CreateMaterialRequest,
  type KeepMaterialsRequest,
  type Material,
  type MaterialList,
  type MaterialRef,
  type MaterialsWorkbook,
  type AiPreferences,
  type MessageList,
  type SaveAiPreferencesRequest,
  type SendMessageRequest,
  type ProjectRef,
  type UpdateMaterialRequest,
} from '@kerf/contracts/generated/kerf/ai-chat';
import type { Empty } from '@kerf/contracts/generated/kerf/common';
import { MaterialsService, toMaterialMessage } from './materials.service';
import { MessagesService, toMessage } from '../messages/messages.service';
import { AiPreferencesService, toPreferences } from '../preferences/ai-preferences.service';

@Controller()
export class MaterialsGrpcController {
  constructor(
    private readonly materials: MaterialsService,
    private readonly messages: MessagesService,
    private readonly preferences: AiPreferencesService,
  ) {}

  @GrpcMethod(AI_CHAT_SERVICE_NAME, 'getAiPreferences')
  async getAiPreferences(): Promise<AiPreferences> {
    return toPreferences(await this.preferences.get(actingUserId()));
  }

  @GrpcMethod(AI_CHAT_SERVICE_NAME, 'saveAiPreferences')
  async saveAiPreferences(request: SaveAiPreferencesRequest): Promise<AiPreferences> {
    return toPreferences(await this.preferences.save(actingUserId(), request));
  }

  @GrpcMethod(AI_CHAT_SERVICE_NAME, 'listMessages')
  async listMessages(request: ProjectRef): Promise<MessageList> {
    return { messages: (await this.messages.list(actingUserId(), request.projectId ?? '')).map(toMessage) };
  }

  @GrpcMethod(AI_CHAT_SERVICE_NAME, 'sendMessage')
  async sendMessage(request: SendMessageRequest): Promise<MessageList> {
    return { messages: (await this.messages.send(actingUserId(), request)).map(toMessage) };
  }

  @GrpcMethod(AI_CHAT_SERVICE_NAME, 'listMaterials')
  async listMaterials(request: ProjectRef): Promise<MaterialList> {
    return { materials: (await this.materials.list(actingUserId(), request.projectId ?? '')).map(toMaterialMessage) };
  }

  @GrpcMethod(AI_CHAT_SERVICE_NAME, 'createMaterial')
  async createMaterial(request: CreateMaterialRequest): Promise<Material> {
    return toMaterialMessage(await this.materials.create(actingUserId(), request));
  }

  @GrpcMethod(AI_CHAT_SERVICE_NAME, 'updateMaterial')
  async updateMaterial(request: UpdateMaterialRequest): Promise<Material> {
    return toMaterialMessage(await this.materials.update(actingUserId(), request));
  }

  @GrpcMethod(AI_CHAT_SERVICE_NAME, 'deleteMaterial')
  async deleteMaterial(request: MaterialRef): Promise<Empty> {
    await this.materials.delete(actingUserId(), request.id ?? '');
    return {};
  }

  @GrpcMethod(AI_CHAT_SERVICE_NAME, 'keepMaterials')
  async keepMaterials(request: KeepMaterialsRequest): Promise<MaterialList> {
    return { materials: (await this.materials.keep(actingUserId(), request)).map(toMaterialMessage) };
  }

  @GrpcMethod(AI_CHAT_SERVICE_NAME, 'exportMaterials')
  async exportMaterials(request: ProjectRef): Promise<MaterialsWorkbook> {
    return this.materials.export(actingUserId(), request.projectId ?? '');
  }
}
