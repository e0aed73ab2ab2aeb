// Builds the Fastify app: external plugins, then our own (auth, uploads), then the routes of each module.
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { createOrderEvents } from './events/order-events.ts';
import { createMailer } from './lib/mailer.ts';
import { createLoginThrottle } from './modules/auth/login-throttle.ts';
import { createTokenService } from './modules/auth/tokens.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { configSettingRoutes } from './modules/config-settings/config-settings.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { uploadsPlugin } from './plugins/uploads.ts';
import { defaultWebDir, webAppPlugin } from './plugins/web-app.ts';
import { createLocalStorage } from './storage/file-storage.ts';
import { createMedia } from './storage/media.ts';
import { createUrlSigner } from './storage/signed-urls.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export type BuildOptions = {
  /** PostgreSQL schema to use (tests give each file its own). */
  dbSchema?: string;
  webDir?: string;
  logger?: boolean;
};

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            // Query strings can carry access tokens (hub) and URL signatures: never log them.
            serializers: { req: (req) => ({ method: req.method, url: req.url.split('?')[0], remoteAddress: req.ip }) },
          },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    requestIdHeader: 'x-request-id',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { db, dialect } = openDatabase({ url: config.databaseUrl, schema: options.dbSchema });
  await migrateToLatest(db);
  const signer = createUrlSigner(config.jwtSecret);
  const ctx: AppContext = {
    config,
    db,
    dialect,
    signer,
    media: createMedia(await createLocalStorage(config.dataDir), signer, config.publicUrl),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
    events: createOrderEvents(),
    tokens: createTokenService(config.jwtSecret),
    throttle: createLoginThrottle(),
  };
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    ctx.mailer.close();
    await db.destroy();
  });

  await app.register(errorHandlerPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        scriptSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  if (config.corsOrigins.length) {
    await app.register(cors, { origin: config.corsOrigins.includes('*') ? true : config.corsOrigins, credentials: true });
  }
  await app.register(multipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 4, fields: 30, fieldSize: 16 * 1024, parts: 40, headerPairs: 200 },
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Top-up shop API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  await app.register(authPlugin, { ctx });
  await app.register(uploadsPlugin, { ctx });

  await app.register(authRoutes, { ctx });
  await app.register(configSettingRoutes, { ctx });

  app.get('/api/docs/json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
  app.get('/healthz', { config: { access: 'public' }, schema: { hide: true } }, async () => ({ status: 'ok' }));

  await app.register(webAppPlugin, { webDir: options.webDir ?? defaultWebDir() });
  return app;
}
