import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { AppConfig } from '../../config/config.js';
import { applyDefaultRoles } from '../auth/role-defaults.js';
import { ErrorResponseDto } from './error-response.dto.js';

/** Swagger UI at /api/docs and the document at /api/docs-json, with the session cookie scheme. */
export function setupOpenApi(app: INestApplication, config: AppConfig): void {
  applyDefaultRoles(app);
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Warranty CRM API')
      .setDescription(
        'Multi-brand warranty tickets, customers, phone system and notifications. Sign in with ' +
          '`POST /api/login`; the session cookie then authenticates every call. Errors are ' +
          '`{ statusCode, error, message }`; lists answer a `Content-Range` header. Each signed-in operation names ' +
          'the role it needs in `x-required-role` (owner, admin or agent); a lower role gets a 403.',
      )
      .setVersion('1.0')
      .addServer(config.publicBaseUrl)
      .addCookieAuth(config.session.cookieName)
      .build(),
    { extraModels: [ErrorResponseDto] },
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json', useGlobalPrefix: false });
}
