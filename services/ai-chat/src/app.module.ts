import { Module } from '@nestjs/common';
import { PlatformModule, peerClientsModule } from '@kerf/platform';
import { Message } from './messages/message.entity';
import { MessagesService } from './messages/messages.service';
import { AI_CHAT_CONFIG, loadAiChatConfig, type AiChatConfig } from './config';
import { ASSISTANT } from './assistant/assistant';
import { LocalAssistant } from './assistant/local-assistant';
import { OpenAiAssistant } from './assistant/openai-assistant';
import { CreateMessages1763801200000 } from './migrations/1763801200000-create-messages';
import { CreateAiPreferences1763801300000 } from './migrations/1763801300000-create-ai-preferences';
import { AiPreferencesService } from './preferences/ai-preferences.service';
import { Material } from './materials/material.entity';
import { MaterialsService } from './materials/materials.service';
import { MaterialsGrpcController } from './materials/materials.grpc.controller';
import { OnProjectDeletedHandler } from './materials/on-project-deleted.handler';
import { CreateMaterials1763801100000 } from './migrations/1763801100000-create-materials';
import { MaterialOrigin1764060000000 } from './migrations/1764060000000-material-origin';
import { MaterialEdited1764070000000 } from './migrations/1764070000000-material-edited';
import { OnDocumentAnalyzedHandler } from './materials/on-document-analyzed.handler';
import { MaterialSourceTakeoff1764110000000 } from './migrations/1764110000000-material-source-takeoff';
import { MaterialNameEdited1795610000000 } from './migrations/1795610000000-material-name-edited';
import { OnTakeoffItemChangedHandler } from './materials/on-takeoff-item-changed.handler';
import { TakeoffMaterialsGrpcController } from './materials/takeoff-materials.grpc.controller';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'ai-chat',
      entities: [Material, Message],
      migrations: [
        CreateMaterials1763801100000,
        CreateMessages1763801200000,
        CreateAiPreferences1763801300000,
        MaterialOrigin1764060000000,
        MaterialEdited1764070000000,
        MaterialSourceTakeoff1764110000000,
        MaterialNameEdited1795610000000,
      ],
      eventHandlers: [OnProjectDeletedHandler, OnDocumentAnalyzedHandler, OnTakeoffItemChangedHandler],
    }),
    peerClientsModule(['projects', 'documents']),
  ],
  controllers: [MaterialsGrpcController, TakeoffMaterialsGrpcController],
  providers: [
    { provide: AI_CHAT_CONFIG, useFactory: loadAiChatConfig },
    {
      // docs/design.md: a key selects the model; without one the local analyst answers.
      provide: ASSISTANT,
      inject: [AI_CHAT_CONFIG],
      useFactory: (config: AiChatConfig) => (config.AI_API_KEY ? new OpenAiAssistant(config) : new LocalAssistant()),
    },
    MaterialsService,
    MessagesService,
    AiPreferencesService,
    OnProjectDeletedHandler,
    OnDocumentAnalyzedHandler,
    OnTakeoffItemChangedHandler,
  ],
})
export class AppModule {}
