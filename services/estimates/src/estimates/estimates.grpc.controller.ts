import { Controller, Inject } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import type { Observable } from 'rxjs';
import { fileChunks, type ServerStreamCall } from '@kerf/platform';
import {
  ESTIMATES_SERVICE_NAME,
  type DeleteResult,
  type Estimate as EstimateMessage,
  type EstimateFileRequest,
  type EstimateId,
  type EstimateList,
  type FileChunk,
  type PriceList as PriceListMessage,
  type PriceListId,
  type PriceListList,
  type ProjectRef,
} from '@kerf/contracts/generated/kerf/estimates';
import { EstimatesService } from './estimates.service';
import { PriceListsService } from '../price-lists/price-lists.service';
import type { Estimate } from './estimate.entity';
import type { PriceList } from '../price-lists/price-list.entity';

export function toMessage(estimate: Estimate): EstimateMessage {
  return {
    id: estimate.id,
    projectId: estimate.projectId,
    title: estimate.title,
    summary: estimate.summary,
    totalCost: estimate.totalCost,
    currency: estimate.currency,
    laborCost: estimate.laborCost,
    materialCost: estimate.materialCost,
    equipmentCost: estimate.equipmentCost,
    overheadPercentage: estimate.overheadPercentage,
    profitMargin: estimate.profitMargin,
    estimateDataJson: JSON.stringify(estimate.estimateData),
    status: estimate.status,
    generatedByAi: estimate.generatedByAI,
    pdfUrl: estimate.pdfUrl ?? undefined,
    validUntil: estimate.validUntil.toISOString(),
    createdAt: estimate.createdAt.toISOString(),
    updatedAt: estimate.updatedAt.toISOString(),
  };
}

function priceListMessage(list: PriceList): PriceListMessage {
  return {
    id: list.id,
    name: list.name,
    items: list.items,
    createdAt: list.createdAt.toISOString(),
    updatedAt: list.updatedAt.toISOString(),
  };
}

@Controller()
export class EstimatesGrpcController {
  constructor(
    @Inject(EstimatesService) private readonly estimates: EstimatesService,
    @Inject(PriceListsService) private readonly priceLists: PriceListsService,
  ) {}

  @GrpcMethod(ESTIMATES_SERVICE_NAME, 'generateEstimate')
  async generateEstimate(request: unknown): Promise<EstimateMessage> {
    return toMessage(await this.estimates.generate(request));
  }

  @GrpcMethod(ESTIMATES_SERVICE_NAME, 'listEstimates')
  async listEstimates({ projectId }: ProjectRef): Promise<EstimateList> {
    return { estimates: (await this.estimates.list(projectId)).map(toMessage) };
  }

  @GrpcMethod(ESTIMATES_SERVICE_NAME, 'updateEstimateStatus')
  async updateEstimateStatus(request: unknown): Promise<EstimateMessage> {
    return toMessage(await this.estimates.updateStatus(request));
  }

  @GrpcMethod(ESTIMATES_SERVICE_NAME, 'deleteEstimate')
  async deleteEstimate({ id }: EstimateId): Promise<DeleteResult> {
    await this.estimates.delete(id);
    return { success: true };
  }

  /** Server streaming: the file leaves S3 and reaches the gateway in 256 KB chunks, as fast as it takes them. */
  @GrpcMethod(ESTIMATES_SERVICE_NAME, 'downloadEstimateFile')
  downloadEstimateFile(
    { id, format }: EstimateFileRequest,
    _metadata: unknown,
    call: ServerStreamCall,
  ): Observable<FileChunk> {
    return fileChunks(call, async () => {
      const file = await this.estimates.file(id, format);
      return { body: file.body, head: { contentType: file.contentType, filename: file.filename } };
    });
  }

  @GrpcMethod(ESTIMATES_SERVICE_NAME, 'choosePrice')
  async choosePrice(request: unknown): Promise<EstimateMessage> {
    return toMessage(await this.estimates.choosePrice(request));
  }

  @GrpcMethod(ESTIMATES_SERVICE_NAME, 'listPriceLists')
  async listPriceLists(): Promise<PriceListList> {
    return { priceLists: (await this.priceLists.list()).map(priceListMessage) };
  }

  @GrpcMethod(ESTIMATES_SERVICE_NAME, 'createPriceList')
  async createPriceList(request: unknown): Promise<PriceListMessage> {
    return priceListMessage(await this.priceLists.create(request));
  }

  @GrpcMethod(ESTIMATES_SERVICE_NAME, 'updatePriceList')
  async updatePriceList(request: unknown): Promise<PriceListMessage> {
    return priceListMessage(await this.priceLists.update(request));
  }

  @GrpcMethod(ESTIMATES_SERVICE_NAME, 'deletePriceList')
  async deletePriceList({ id }: PriceListId): Promise<DeleteResult> {
    await this.priceLists.delete(id);
    return { success: true };
  }
}
