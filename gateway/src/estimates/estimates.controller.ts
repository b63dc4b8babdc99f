import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Put,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Estimate } from '@kerf/contracts/generated/kerf/estimates';
import {
  answer,
  assemblyRoutes,
  estimateRoutes,
  priceListRoutes,
  priceMappingRoutes,
  type PriceItemInput,
} from '@kerf/contracts/http';
import { ESTIMATES, type Estimates } from '../services/service-clients.module';
import { streamedFile } from '../services/streamed-file';
import { SignedInGuard } from '../http/signed-in.guard';
import { parseBody } from '../http/parse-body';

/** The service's names and JSON text become the API's (`generatedByAI`, `estimateData`). */
const withData = ({ estimateDataJson, generatedByAi, ...estimate }: Estimate) => ({
  ...estimate,
  estimateData: JSON.parse(estimateDataJson || '{}') as unknown,
  generatedByAI: generatedByAi,
});

@Controller('api')
@UseGuards(SignedInGuard)
export class EstimatesController {
  constructor(@Inject(ESTIMATES) private readonly estimates: Estimates) {}

  @Post('estimates/generate')
  @HttpCode(201)
  async generate(@Body() body: unknown) {
    const input = parseBody(estimateRoutes.generate.body, body);
    // Rendering the PDF takes a moment; allow it more than the default deadline.
    return answer(
      estimateRoutes.generate,
      withData(await this.estimates.generateEstimate(input, { deadlineMs: 60_000 })),
    );
  }

  @Get('estimates')
  async list(@Query('projectId') projectId: string | undefined) {
    const { estimates } = await this.estimates.listEstimates({ projectId: projectId ?? '' });
    return answer(estimateRoutes.list, (estimates ?? []).map(withData));
  }

  @Patch('estimates/:id')
  async update(@Param('id') id: string, @Body() body: unknown) {
    const { status } = parseBody(estimateRoutes.update.body, body);
    return answer(estimateRoutes.update, withData(await this.estimates.updateEstimateStatus({ id, status })));
  }

  @Delete('estimates/:id')
  async remove(@Param('id') id: string) {
    return answer(estimateRoutes.remove, await this.estimates.deleteEstimate({ id }));
  }

  @Get('estimates/:id/pdf')
  pdf(@Param('id') id: string, @Res() reply: FastifyReply) {
    return this.stream(id, 'pdf', reply);
  }

  @Get('estimates/:id/xlsx')
  xlsx(@Param('id') id: string, @Res() reply: FastifyReply) {
    return this.stream(id, 'xlsx', reply);
  }

  /** One click on a "needs a price" candidate: priced, remembered, and the estimate re-priced. */
  @Post('estimates/:id/choices')
  @HttpCode(200)
  async choose(@Param('id') id: string, @Body() body: unknown) {
    const input = parseBody(estimateRoutes.choosePrice.body, body);
    const estimate = await this.estimates.choosePrice({ estimateId: id, ...input }, { deadlineMs: 60_000 });
    return answer(estimateRoutes.choosePrice, withData(estimate));
  }

  @Get('assemblies')
  async assemblies() {
    const { assemblies } = await this.estimates.listAssemblies({});
    return answer(assemblyRoutes.list, assemblies ?? []);
  }

  @Post('assemblies')
  @HttpCode(201)
  async createAssembly(@Body() body: unknown) {
    const input = parseBody(assemblyRoutes.create.body, body);
    return answer(assemblyRoutes.create, await this.estimates.createAssembly({ id: '', ...input }));
  }

  @Put('assemblies/:id')
  async updateAssembly(@Param('id') id: string, @Body() body: unknown) {
    const input = parseBody(assemblyRoutes.update.body, body);
    return answer(assemblyRoutes.update, await this.estimates.updateAssembly({ id, ...input }));
  }

  @Delete('assemblies/:id')
  async removeAssembly(@Param('id') id: string) {
    return answer(assemblyRoutes.remove, await this.estimates.deleteAssembly({ id }));
  }

  @Get('price-mappings')
  async priceMappings() {
    const { mappings } = await this.estimates.listPriceMappings({});
    return answer(priceMappingRoutes.list, mappings ?? []);
  }

  @Delete('price-mappings/:id')
  async removePriceMapping(@Param('id') id: string) {
    return answer(priceMappingRoutes.remove, await this.estimates.deletePriceMapping({ id }));
  }

  @Get('price-lists')
  async priceLists() {
    const { priceLists } = await this.estimates.listPriceLists({});
    return answer(priceListRoutes.list, priceLists ?? []);
  }

  @Post('price-lists')
  @HttpCode(201)
  async createPriceList(@Body() body: unknown) {
    const input = parseBody(priceListRoutes.create.body, body);
    return answer(
      priceListRoutes.create,
      await this.estimates.createPriceList({
        name: input.name,
        format: input.format,
        content: input.content ? Buffer.from(input.content, 'base64') : Buffer.alloc(0),
        items: (input.items ?? []).map(withDefaults),
      }),
    );
  }

  @Patch('price-lists/:id')
  async updatePriceList(@Param('id') id: string, @Body() body: unknown) {
    const input = parseBody(priceListRoutes.update.body, body);
    return answer(
      priceListRoutes.update,
      await this.estimates.updatePriceList({
        id,
        name: input.name,
        replaceItems: input.items !== undefined,
        items: (input.items ?? []).map(withDefaults),
      }),
    );
  }

  @Delete('price-lists/:id')
  async removePriceList(@Param('id') id: string) {
    return answer(priceListRoutes.remove, await this.estimates.deletePriceList({ id }));
  }

  /**
   * Streams a stored file from the service's chunks. The first chunk is awaited
   * before any header is sent, so NOT_FOUND and the like still answer as JSON errors.
   */
  private async stream(id: string, format: 'pdf' | 'xlsx', reply: FastifyReply) {
    const { first, bytes } = await streamedFile(this.estimates.downloadEstimateFile({ id, format }));
    return reply
      .header('content-type', first?.contentType || (format === 'pdf' ? 'application/pdf' : 'application/octet-stream'))
      .header('content-disposition', `attachment; filename="${first?.filename || `estimate-${id}.${format}`}"`)
      .header('cache-control', 'private, no-store')
      .send(bytes);
  }
}

function withDefaults(item: PriceItemInput) {
  return {
    code: item.code ?? '',
    division: item.division ?? '',
    name: item.name,
    unit: item.unit,
    materialCost: item.materialCost ?? '0',
    laborHours: item.laborHours ?? '0',
    equipmentCost: item.equipmentCost ?? '0',
  };
}
