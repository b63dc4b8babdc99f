import { Controller, Inject } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import {
  ESTIMATES_SERVICE_NAME,
  type Assembly as AssemblyMessage,
  type AssemblyId,
  type AssemblyList,
  type DeleteResult,
  type PriceMappingId,
  type PriceMappingList,
} from '@kerf/contracts/generated/kerf/estimates';
import { AssembliesService, kindsOf } from './assemblies.service';
import type { Assembly } from '../engine/assembly';

function assemblyMessage(a: Assembly & { updatedAt?: Date }, starter: boolean): AssemblyMessage {
  return {
    id: a.id ?? '',
    code: a.code,
    name: a.name,
    description: a.description,
    division: a.division,
    unit: a.unit,
    keywords: a.keywords ?? '',
    kinds: kindsOf(a) as string[],
    components: a.components,
    starter,
    updatedAt: a.updatedAt?.toISOString(),
  };
}

/** The assemblies library (starter and the user's own) and the user's remembered pricing choices. */
@Controller()
export class AssembliesGrpcController {
  constructor(@Inject(AssembliesService) private readonly assemblies: AssembliesService) {}

  @GrpcMethod(ESTIMATES_SERVICE_NAME, 'listAssemblies')
  async listAssemblies(): Promise<AssemblyList> {
    const { starter, own } = await this.assemblies.list();
    return {
      assemblies: [...own.map((a) => assemblyMessage(a, false)), ...starter.map((a) => assemblyMessage(a, true))],
    };
  }

  @GrpcMethod(ESTIMATES_SERVICE_NAME, 'createAssembly')
  async createAssembly(request: unknown): Promise<AssemblyMessage> {
    return assemblyMessage(await this.assemblies.create(request), false);
  }

  @GrpcMethod(ESTIMATES_SERVICE_NAME, 'updateAssembly')
  async updateAssembly(request: unknown): Promise<AssemblyMessage> {
    return assemblyMessage(await this.assemblies.update(request), false);
  }

  @GrpcMethod(ESTIMATES_SERVICE_NAME, 'deleteAssembly')
  async deleteAssembly({ id }: AssemblyId): Promise<DeleteResult> {
    await this.assemblies.delete(id);
    return { success: true };
  }

  @GrpcMethod(ESTIMATES_SERVICE_NAME, 'listPriceMappings')
  async listPriceMappings(): Promise<PriceMappingList> {
    const rows = await this.assemblies.listMappings();
    return {
      mappings: rows.map((r) => ({
        id: r.id,
        sourceKey: r.sourceKey,
        targetKind: r.targetKind,
        targetCode: r.targetCode,
        targetName: r.targetName,
        updatedAt: r.updatedAt.toISOString(),
      })),
    };
  }

  @GrpcMethod(ESTIMATES_SERVICE_NAME, 'deletePriceMapping')
  async deletePriceMapping({ id }: PriceMappingId): Promise<DeleteResult> {
    await this.assemblies.deleteMapping(id);
    return { success: true };
  }
}
