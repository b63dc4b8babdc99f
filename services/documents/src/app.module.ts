import { Module } from '@nestjs/common';
import { PlatformModule, peerClientsModule } from '@kerf/platform';
import { DOCUMENTS_CONFIG, loadDocumentsConfig } from './config';
import { Document } from './documents/document.entity';
import { DocumentsService } from './documents/documents.service';
import { DocumentCorrectionsService } from './documents/document-corrections.service';
import { DocumentsGrpcController } from './documents/documents.grpc.controller';
import { OnProjectDeletedHandler } from './documents/on-project-deleted.handler';
import { UploadsService } from './uploads/uploads.service';
import { UploadsGrpcController } from './uploads/uploads.grpc.controller';
import { AnalysisQueue } from './analysis/analysis-queue';
import { CreateDocuments1763801000000 } from './migrations/1763801000000-create-documents';
import { AnalysisOverrides1764050000000 } from './migrations/1764050000000-analysis-overrides';
import { CreateStagedUploads1795597430000 } from './migrations/1795597430000-create-staged-uploads';
import { CreateEntitlements1795600000000 } from './migrations/1795600000000-create-entitlements';
import { TakeoffItems1764100000000 } from './migrations/1764100000000-takeoff-items';
import { DrawingGeometryCache1795600100000 } from './migrations/1795600100000-drawing-geometry-cache';
import { TakeoffItemHoles1795600200000 } from './migrations/1795600200000-takeoff-item-holes';
import { DocumentFileService } from './documents/document-file.service';
import { DrawingGeometryService } from './documents/drawing-geometry.service';
import { DocumentFileGrpcController } from './documents/document-file.grpc.controller';
import { TakeoffItem } from './takeoff/takeoff-item.entity';
import { TakeoffItemsService } from './takeoff/takeoff-items.service';
import { TakeoffQuantityService } from './takeoff/takeoff-quantity.service';
import { TakeoffItemsGrpcController } from './takeoff/takeoff-items.grpc.controller';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'documents',
      entities: [Document, TakeoffItem],
      migrations: [
        CreateDocuments1763801000000,
        AnalysisOverrides1764050000000,
        TakeoffItems1764100000000,
        CreateStagedUploads1795597430000,
        CreateEntitlements1795600000000,
        DrawingGeometryCache1795600100000,
        TakeoffItemHoles1795600200000,
      ],
      eventHandlers: [OnProjectDeletedHandler],
      s3: true,
      entitlements: true,
    }),
    peerClientsModule(['projects', 'billing']),
  ],
  controllers: [DocumentsGrpcController, UploadsGrpcController, DocumentFileGrpcController, TakeoffItemsGrpcController],
  providers: [
    { provide: DOCUMENTS_CONFIG, useFactory: loadDocumentsConfig },
    DocumentsService,
    DocumentCorrectionsService,
    UploadsService,
    DocumentFileService,
    DrawingGeometryService,
    TakeoffItemsService,
    TakeoffQuantityService,
    AnalysisQueue,
    OnProjectDeletedHandler,
  ],
})
export class AppModule {}
