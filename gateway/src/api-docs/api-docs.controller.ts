import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Controller, Get, Header } from '@nestjs/common';
import { buildOpenApiDocument } from '@kerf/contracts/http';
import { apiDocsPage } from './api-docs-page';

const version = (JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { version: string })
  .version;

/** The /api contract for API users: generated once from libs/contracts/src/http. */
@Controller('api')
export class ApiDocsController {
  private readonly document = buildOpenApiDocument(version);
  private readonly page = apiDocsPage(this.document);

  @Get('openapi.json')
  openApi() {
    return this.document;
  }

  @Get('docs')
  @Header('content-type', 'text/html; charset=utf-8')
  docs() {
    return this.page;
  }
}
