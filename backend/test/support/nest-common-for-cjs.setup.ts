import * as common from '@nestjs/common';

/** See nest-common-for-cjs.cjs: the @nestjs/common that @nestjs-modules/mailer gets under Jest. */
(globalThis as { __nestjsCommonForCjs?: unknown }).__nestjsCommonForCjs = common;
