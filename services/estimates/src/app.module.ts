import { Module } from '@nestjs/common';
import { PlatformModule, peerClientsModule } from '@kerf/platform';
import { Estimate } from './estimates/estimate.entity';
import { PriceList } from './price-lists/price-list.entity';
import { EstimatesService } from './estimates/estimates.service';
import { PriceListsService } from './price-lists/price-lists.service';
import { EstimatesGrpcController } from './estimates/estimates.grpc.controller';
import { OnProjectDeletedHandler } from './estimates/on-project-deleted.handler';
import { ESTIMATES_CONFIG, loadEstimatesConfig } from './config';
import { CreateEstimates1763900000000 } from './migrations/1763900000000-create-estimates';
import { AssembliesAndPriceMappings1764000000000 } from './migrations/1764000000000-assemblies-and-price-mappings';
import { UserAssembly } from './assemblies/user-assembly.entity';
import { PriceMappingRow } from './assemblies/price-mapping.entity';
import { AssembliesService } from './assemblies/assemblies.service';
import { AssembliesGrpcController } from './assemblies/assemblies.grpc.controller';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'estimates',
      entities: [Estimate, PriceList, UserAssembly, PriceMappingRow],
      migrations: [CreateEstimates1763900000000, AssembliesAndPriceMappings1764000000000],
      eventHandlers: [OnProjectDeletedHandler],
      s3: true,
    }),
    // Projects (ownership), ai-chat (materials; writing them up takes a while) and documents (the measured
    // floor area: a check, not the estimate, so the default short deadline and the estimate goes on without it).
    peerClientsModule(['projects', 'ai-chat', 'documents'], { deadlinesMs: { 'ai-chat': 15_000 } }),
  ],
  controllers: [EstimatesGrpcController, AssembliesGrpcController],
  providers: [
    { provide: ESTIMATES_CONFIG, useFactory: loadEstimatesConfig },
    EstimatesService,
    PriceListsService,
    AssembliesService,
    OnProjectDeletedHandler,
  ],
})
export class AppModule {}
