// Builds the Fastify app: external plugins, then our own (auth, uploads), then the routes of each module.
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { applyContractMessages } from '@topup/contract/zod-messages';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { createOrderEvents } from './events/order-events.ts';
import { createMailer } from './lib/mailer.ts';
import { changesCatalog, createPublicCache } from './lib/public-cache.ts';
import { createLoginThrottle } from './modules/auth/login-throttle.ts';
import { createTokenService } from './modules/auth/tokens.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { configSettingRoutes } from './modules/config-settings/config-settings.routes.ts';
import { orderRoutes } from './modules/orders/orders.routes.ts';
import { orderSummaryRoutes } from './modules/orders/orders-summary.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { gameRoutes } from './modules/games/games.routes.ts';
import { tokenPackageRoutes } from './modules/token-packages/token-packages.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { gracefulClosePlugin } from './plugins/graceful-close.ts';
import { uploadsPlugin } from './plugins/uploads.ts';
import { hubPlugin, type HubPluginOptions } from './realtime/plugin.ts';
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
  /** Realtime hub timings (tests shorten them). */
  hub?: HubPluginOptions['timings'];
};

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  applyContractMessages();
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
  // Clients (axios among them) send `Content-Type: application/json` with no body on calls like Logout and isRead:
  // treat an empty body as none instead of refusing it. Everything else goes through Fastify's safe parser.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    if (String(raw).trim() === '') return done(null, undefined);
    jsonParser(request, raw as string, done);
  });

  const { db, dialect } = openDatabase({ url: config.databaseUrl, schema: options.dbSchema });
  await migrateToLatest(db, dialect === 'postgres' ? options.dbSchema : undefined);
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
    publicCache: createPublicCache(),
  };
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    ctx.mailer.close();
    await db.destroy();
  });

  await app.register(errorHandlerPlugin);
  await app.register(gracefulClosePlugin);
  await app.register(securityHeadersPlugin);
  // Cleared before the answer leaves, so a client that sees its change succeed never reads the old catalog after.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (changesCatalog(request.method, request.url)) ctx.publicCache.clear();
    return payload;
  });
  if (config.corsOrigins.length) {
    await app.register(cors, { origin: config.corsOrigins.includes('*') ? true : config.corsOrigins, credentials: true });
  }
  // Off by default; routes open to the public and costly (placing an order stores a file) opt in.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      payLoad: null,
      payLoadList: null,
    }),
  });
  await app.register(multipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 4, fields: 30, fieldSize: 16 * 1024, parts: 40, headerPairs: 200 },
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Top-up shop API', version: '1.0.0' } },
    // Multipart routes read their body themselves; their documented form comes from route config.
    transform: (input) => {
      const result = jsonSchemaTransform(input);
      const form = input.route.config?.multipart;
      return form ? { ...result, schema: { ...result.schema, body: form.jsonSchema } } : result;
    },
  });

  await app.register(authPlugin, { ctx });
  await app.register(uploadsPlugin, { ctx });
  await app.register(hubPlugin, { ctx, timings: options.hub });

  await app.register(authRoutes, { ctx });
  await app.register(configSettingRoutes, { ctx });
  await app.register(orderRoutes, { ctx });
  await app.register(orderSummaryRoutes, { ctx });
  await app.register(userRoutes, { ctx });
  await app.register(gameRoutes, { ctx });
  await app.register(tokenPackageRoutes, { ctx });

  app.get('/api/docs/json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
  app.get('/healthz', { config: { access: 'public' }, schema: { hide: true } }, async () => ({ status: 'ok' }));

  await app.register(webAppPlugin, { webDir: options.webDir ?? defaultWebDir() });
  return app;
}
