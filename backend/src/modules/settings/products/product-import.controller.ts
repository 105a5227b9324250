import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ROLE_MESSAGES } from '@warranty-crm/contract';
import { type Actor, CurrentActor } from '../../../common/auth/actor.js';
import { RequireRole } from '../../../common/auth/roles.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { ImportPreviewDto, ProductImportDto } from './product-import.dto.js';
import { ProductImportService } from './product-import.service.js';

@ApiTags('products')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto })
@RequireRole('admin', ROLE_MESSAGES.settings)
@Controller('products/import')
export class ProductImportController {
  constructor(private readonly imports: ProductImportService) {}

  @Post('preview')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Preview a products CSV import: what each line would do, with its errors; nothing is written',
  })
  @ApiOkResponse({ type: ImportPreviewDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The file cannot be read (not CSV, no header, too large)' })
  preview(@CurrentActor() actor: Actor, @Body() dto: ProductImportDto): Promise<ImportPreviewDto> {
    return this.imports.preview(actor, dto.csv, dto.brand);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Import a products CSV: every line is added or updated (by brand and SKU) in one transaction, or nothing when any line has errors',
  })
  @ApiOkResponse({ type: ImportPreviewDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'The file cannot be read, or some lines have errors (nothing imported)' })
  commit(@CurrentActor() actor: Actor, @Body() dto: ProductImportDto): Promise<ImportPreviewDto> {
    return this.imports.commit(actor, dto.csv, dto.brand);
  }
}
