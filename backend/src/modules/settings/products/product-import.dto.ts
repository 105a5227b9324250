import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { OptionalField } from '../../../common/http/optional.js';

export class ProductImportDto {
  @ApiProperty({
    description:
      'The CSV file\'s text: a header row naming Brand, SKU, Product Name, Warranty Term and optionally Sale Locations (separated by ";"), then one product per line. At most 5000 lines and 900 KB.',
    example: 'Brand,SKU,Product Name,Warranty Term,Sale Locations\nIronJack,FJ-250,3-Ton Floor Jack,1 year,online;in-store',
  })
  @IsNotEmpty({ message: 'Choose a CSV file to import' })
  @IsString({ message: 'csv must be the text of a CSV file' })
  csv!: string;

  @ApiPropertyOptional({ description: 'The brand of every line when the file has no Brand column', example: 'IronJack' })
  @OptionalField()
  @IsString({ message: 'brand must be text' })
  @MaxLength(50, { message: 'Brand must be at most 50 characters' })
  brand?: string;
}

export class ImportFieldErrorDto {
  @ApiProperty({ example: 'warranty_term' }) field!: string;
  @ApiProperty({ example: 'Warranty Term is required' }) message!: string;
}

export class ImportPreviewRowDto {
  @ApiProperty({ description: 'Line in the file (the header is line 1)', example: 2 }) line!: number;
  @ApiProperty() brand!: string;
  @ApiProperty() sku!: string;
  @ApiProperty() product_name!: string;
  @ApiProperty() warranty_term!: string;
  @ApiProperty({ type: [String] }) sale_locations!: string[];
  @ApiProperty({ enum: ['create', 'update', 'unchanged', 'error'], description: 'What importing the line does' }) action!: string;
  @ApiProperty({ type: [ImportFieldErrorDto] }) errors!: ImportFieldErrorDto[];
}

export class ImportSummaryDto {
  @ApiProperty() create!: number;
  @ApiProperty() update!: number;
  @ApiProperty() unchanged!: number;
  @ApiProperty() error!: number;
}

export class ImportPreviewDto {
  @ApiProperty({ type: [ImportPreviewRowDto] }) rows!: ImportPreviewRowDto[];
  @ApiProperty({ type: ImportSummaryDto }) summary!: ImportSummaryDto;
}
