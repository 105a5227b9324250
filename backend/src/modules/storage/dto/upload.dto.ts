import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsString, MaxLength, Min } from 'class-validator';
import { OptionalField } from '../../../common/http/optional.js';
import { trim } from '../../../common/http/transforms.js';
import { PUBLIC_UPLOAD_PURPOSES, type UploadPurpose } from '../upload-policy.js';

/** The file the browser is about to send (Uppy's file name, type and size). */
export class CreateUploadDto {
  @ApiProperty({ example: 'greeting.mp3', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: 'File name must be at most 255 characters' })
  @IsNotEmpty({ message: 'File name is required' })
  @IsString({ message: 'File name is required' })
  filename!: string;

  @ApiProperty({ example: 'audio/mpeg', description: 'The content type the file will be sent with' })
  @Transform(trim)
  @MaxLength(100, { message: 'Only MP3 or WAV audio files can be uploaded' })
  @IsNotEmpty({ message: 'File type is required' })
  @IsString({ message: 'File type is required' })
  type!: string;

  @ApiProperty({ example: 48213, description: 'Size in bytes; the upload must send exactly this many' })
  @Min(0, { message: 'File size is required' })
  @IsInt({ message: 'File size is required' })
  size!: number;

  @ApiPropertyOptional({ enum: PUBLIC_UPLOAD_PURPOSES, default: 'greeting_audio', description: 'Whose rules apply (types, size)' })
  @OptionalField()
  @IsIn(PUBLIC_UPLOAD_PURPOSES, { message: `Purpose must be one of: ${PUBLIC_UPLOAD_PURPOSES.join(', ')}` })
  purpose?: UploadPurpose;
}

export class UploadParametersDto {
  @ApiProperty({
    example: '/api/storage/uploads/8c0e.../3f2a...-greeting.mp3?expires=1767000000&signature=...',
    description: 'Where to send the file: a path on this server (local storage) or a presigned S3 URL. Expires in 15 minutes.',
  })
  uploadURL!: string;

  @ApiProperty({ example: 'PUT', enum: ['PUT'] }) method!: 'PUT';

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' }, description: 'Form fields (none for a PUT)' })
  fields?: Record<string, string>;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, example: { 'Content-Type': 'audio/mpeg' }, description: 'Headers the upload must send' })
  headers!: Record<string, string>;

  @ApiProperty({ example: '/objects/uploads/8c0e.../3f2a...-greeting.mp3', description: 'The path to save in a setting (e.g. greeting_audio_url)' })
  objectPath!: string;
}
