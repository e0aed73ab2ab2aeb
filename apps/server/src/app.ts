// Builds the Fastify app: external plugins, then our own (auth, uploads), then the routes of each module.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { applyContractMessages } from '@topup/contract/zod-messages';
import { MSG } from '@topup/contract/messages';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { currentSchema, migrateToLatest, openDatabase } from './db/database.ts';
import { answerWritesWhenDurable } from './plugins/durable-writes.ts';
import { createOrderEvents } from './events/order-events.ts';
import { createLogDestination } from './lib/log-destination.ts';
import { readableStream, resolveLogFormat } from './lib/readable-log.ts';
import { createMailer } from './lib/mailer.ts';
import { changesCatalog, createPublicCache } from './lib/public-cache.ts';
import { startFileSweeper, type FileSweeper } from './modules/file-sweep/file-sweep.service.ts';
import { THROTTLE_WINDOW_MS, createLoginThrottle } from './modules/auth/login-throttle.ts';
import { createMemoryThrottleStore, createRedisThrottleStore } from './modules/auth/throttle-store.ts';
import { connectLimitsRedis } from './lib/limits-redis.ts';
import { backplaneNamespace, createBackplane } from './realtime/backplane.ts';
import { createFanOut } from './realtime/fan-out.ts';
import { createTokenService } from './modules/auth/tokens.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { paymentAccountRoutes } from './modules/payment-accounts/payment-accounts.routes.ts';
import { orderRoutes } from './modules/orders/orders.routes.ts';
import { orderTrackingRoutes } from './modules/order-tracking/order-tracking.routes.ts';
import { getShopSettings } from './modules/shop-settings/shop-settings.service.ts';
import { shopSettingsRoutes } from './modules/shop-settings/shop-settings.routes.ts';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.ts';
import { invitationRoutes } from './modules/invitations/invitations.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { staffLanguageRoutes } from './modules/staff-language/staff-language.routes.ts';
import { gameRoutes } from './modules/games/games.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { tokenPackageRoutes } from './modules/token-packages/token-packages.routes.ts';
import { createVerification, type VerificationOptions } from './modules/verification/verification.ts';
import { createStaffAlerts, type StaffAlertOptions } from './modules/staff-alerts/staff-alerts.service.ts';
import { staffAlertRoutes } from './modules/staff-alerts/staff-alerts.routes.ts';
import { dashboardAppRoutes } from './modules/staff-alerts/dashboard-app.routes.ts';
import { paymentPhoneRoutes } from './modules/payment-phones/payment-phones.routes.ts';
import { createNoticeProcessor } from './modules/payment-phones/notice-processor.ts';
import { announceOrderPayment } from './modules/payment-phones/payment-notices.service.ts';
import { createCodeCipher } from './modules/code-stock/code-cipher.ts';
import { createCodeStock } from './modules/code-stock/code-stock.service.ts';
import { codeStockRoutes } from './modules/code-stock/code-stock.routes.ts';
import { createAutoDelivery } from './modules/auto-delivery/auto-delivery.ts';
import { announceChange, announceStaffChanges, staffChange } from './modules/orders/announce.ts';
import { toOrderDto } from './modules/orders/order-dto.ts';
import { autoDeliveryRoutes } from './modules/auto-delivery/auto-delivery.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrorHandler } from './plugins/error-handler.ts';
import { textGuardPlugin } from './plugins/text-guard.ts';
import { languagePlugin } from './plugins/language.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { gracefulClosePlugin } from './plugins/graceful-close.ts';
import { jsonBodyPlugin } from './plugins/json-body.ts';
import { multipartPlugin } from './plugins/multipart.ts';
import { OneLineRequestLog } from './plugins/request-log.ts';
import { uploadsPlugin } from './plugins/uploads.ts';
import { hubPlugin, type HubPluginOptions } from './realtime/plugin.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { moduleSources } from './first-screen/module-sources.ts';
import { loadFirstScreen } from './first-screen/pages.ts';
import { defaultWebDir } from './first-screen/web-build.ts';
import { createFileStorage } from './storage/create-storage.ts';
import { createVariantCache } from './storage/image-variants.ts';
import { createMedia } from './storage/media.ts';
import { startStorageProbe, type StorageProbeOptions } from './storage/storage-probe.ts';
import { createImageWork } from './storage/image-work.ts';
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
  /** The server renderer of the first screen (default: apps/web/dist-ssr/entry-server.js beside webDir). */
  ssrEntry?: string;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** How often under-pressure samples the event loop (tests shorten it). */
  pressureSampleIntervalMs?: number;
  /** Realtime hub timings (tests shorten them). */
  hub?: HubPluginOptions['timings'];
  /** Screenshot checks (tests: their own queue prefix, short retries). */
  verification?: VerificationOptions;
  /** The start-up storage probe's timings (tests shorten them). */
  storageProbe?: StorageProbeOptions;
  /** Staff alerts (tests: their own push service on loopback, short timings). */
  staffAlerts?: StaffAlertOptions;
  /** How often stored but unread payment notices are looked for (tests: 0, never). */
  paymentNoticeSweepMs?: number;
};

const OVERLOAD_RETRY_AFTER_S = 5;

/** Every method the API and the hub use; headers are those the browser asks for (Authorization, multipart, SignalR's). */
const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'];
/** Browsers cap this (Chromium at 2 hours); 10 minutes spares a preflight per call without pinning a policy for long. */
const CORS_MAX_AGE_S = 600;

/**
 * CORS per request: a listed origin gets every method, its requested headers and credentials (cookies, the hub
 * session); `*` lets any other origin read public answers, never with credentials. See docs/decisions/0028.
 */
function corsFor(origins: readonly string[]) {
  const listed = new Set(origins.filter((o) => o !== '*'));
  const anyOrigin = origins.includes('*');
  return (request: FastifyRequest, callback: (error: Error | null, options: FastifyCorsOptions) => void) => {
    const origin = request.headers.origin;
    const base = { methods: CORS_METHODS, maxAge: CORS_MAX_AGE_S, exposedHeaders: ['Retry-After', 'Content-Disposition'] };
    if (origin && listed.has(origin)) return callback(null, { ...base, origin, credentials: true });
    if (anyOrigin) return callback(null, { ...base, origin: '*', credentials: false });
    return callback(null, { origin: false });
  };
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  applyContractMessages();
  const logDestination = options.logger === false || options.logStream ? null : createLogDestination();
  const rawLogStream = options.logger === false ? undefined : (options.logStream ?? logDestination!.stream);
  // A person at a terminal reads lines, a collector JSON (lib/readable-log.ts).
  const readable = resolveLogFormat(config.logFormat, !options.logStream && process.stdout.isTTY === true) === 'readable';
  const logStream = rawLogStream && readable ? readableStream(rawLogStream) : rawLogStream;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            stream: logStream!,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            // Query strings can carry access tokens (hub) and URL signatures: never log them.
            serializers: { req: (req) => ({ method: req.method, url: req.url.split('?')[0], remoteAddress: req.ip }) },
          },
    // One line per request instead of Fastify's two (plugins/request-log.ts).
    logController: new OneLineRequestLog(logStream),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    requestIdHeader: 'x-request-id',
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
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

  const { db, dialect, commits, eachRow } = openDatabase({ url: config.databaseUrl, schema: options.dbSchema });
  await migrateToLatest(db, dialect === 'postgres' ? (options.dbSchema ?? (await currentSchema(db))) : undefined);
  const signer = createUrlSigner(config.jwtSecret);
  const { storage, variantRoot } = await createFileStorage(config);
  // Refuses to start (StorageProbeError) when this instance can't use its storage or doesn't see the files of the
  // instances already running on this database (docs/decisions/0074).
  const probe = await startStorageProbe(db, storage, app.log.child({ module: 'storage-probe' }), options.storageProbe).catch(
    async (err) => {
      storage.close();
      await db.destroy();
      await commits.close();
      await logDestination?.close();
      throw err;
    },
  );
  const events = createOrderEvents();
  const imageWork = createImageWork();
  const ctx: AppContext = {
    config,
    db,
    dialect,
    ...(eachRow ? { eachRow } : {}),
    signer,
    media: createMedia(storage, signer, config.publicUrl, imageWork, createVariantCache(variantRoot, storage, imageWork)),
    storageProbe: probe,
    imageWork,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log: app.log,
      senderName: async () => (await getShopSettings(ctx)).shopName,
    }),
    events,
    fanOut: createFanOut(events, app.log.child({ module: 'fan-out' })),
    verification: createVerification({ config, db, dialect, storage, events, log: app.log, options: options.verification }),
    tokens: createTokenService(config.jwtSecret),
    throttle: createLoginThrottle(),
    publicCache: createPublicCache(),
    staffAlerts: undefined as never,
    codeStock: undefined as never,
    autoDelivery: undefined as never,
    paymentNotices: createNoticeProcessor({
      db,
      events,
      log: app.log.child({ module: 'payment-notices' }),
      windowMinutes: config.paymentMatchWindowMinutes,
      paymentChanged: (orderIds, by) => announceOrderPayment(ctx, orderIds, by),
      sweepMs: options.paymentNoticeSweepMs ?? 15_000,
    }),
  };
  ctx.staffAlerts = createStaffAlerts({
    config,
    db,
    events,
    log: app.log.child({ module: 'staff-alerts' }),
    shop: () => getShopSettings(ctx),
    stockOf: (packageId) => ctx.codeStock.stockOf(packageId),
    options: options.staffAlerts,
  });
  ctx.codeStock = createCodeStock({
    db,
    dialect,
    cipher: createCodeCipher(config.codeKeys),
    log: app.log.child({ module: 'code-stock' }),
    timeZone: async () => (await getShopSettings(ctx)).timeZone,
    onLowStock: (stock) => events.lowStock({ stock }),
    onAvailabilityChanged: () => ctx.publicCache.clear(),
  });
  ctx.autoDelivery = createAutoDelivery({
    db,
    dialect,
    codeStock: ctx.codeStock,
    log: app.log.child({ module: 'auto-delivery' }),
    timeZone: async () => (await getShopSettings(ctx)).timeZone,
    completed: (row) => {
      const dto = toOrderDto(ctx, row);
      announceChange(ctx, dto);
      announceStaffChanges(ctx, [{ ...staffChange(dto, ['status'], null), automatic: true }]);
    },
  });
  app.decorate('ctx', ctx);
  answerWritesWhenDurable(app, commits);
  // Limits shared by every instance (order rate limit, login throttle) live in Redis when REDIS_URL is set, under a
  // prefix naming this data set, so instances of one shop count together and other shops (or test runs) apart.
  const limitsRedis = config.redisUrl ? await connectLimitsRedis(config.redisUrl, app.log) : undefined;
  ctx.redis = limitsRedis;
  const limitsPrefix = `topup:limits:${await backplaneNamespace(ctx)}:`;
  ctx.throttle = createLoginThrottle(
    undefined,
    undefined,
    limitsRedis
      ? createRedisThrottleStore(limitsRedis, `${limitsPrefix}login:`, THROTTLE_WINDOW_MS, app.log)
      : createMemoryThrottleStore(THROTTLE_WINDOW_MS),
  );
  // One backplane per instance, whether or not the hub is registered: buyers' status streams use it too.
  await ctx.fanOut.connect(await createBackplane(ctx, app.log.child({ module: 'fan-out' })));
  // Files whose row never committed (a crash between storing and inserting) are removed at start-up and then
  // periodically once older than UPLOAD_ORPHAN_AGE_SECONDS (docs/decisions/0032).
  let sweeper: FileSweeper | undefined;
  app.addHook('onReady', async () => {
    sweeper = startFileSweeper(db, ctx.media.storage, ctx.media.variants, app.log, config.uploadOrphanAgeSeconds * 1000);
    await sweeper.sweepNow().catch((err) => app.log.error({ err }, 'orphan file sweep failed'));
  });
  // Checks start once the app is ready (the hub listens for verdicts by then) and stop before the database closes.
  app.addHook('onReady', async () => ctx.verification.start());
  app.addHook('preClose', async () => ctx.verification.close());
  app.addHook('onReady', async () => ctx.staffAlerts.start());
  app.addHook('preClose', async () => ctx.staffAlerts.close());
  // A notice that came before its order is matched when the order is placed here.
  const stopOrderMatching = events.onOrderCreated(({ order }) =>
    ctx.paymentNotices.orderPlaced({ id: order.id, subTotal: order.subTotal, transactionNumber: order.transactionNumber }),
  );
  app.addHook('onReady', async () => ctx.paymentNotices.start());
  // A notice that confirmed an order by itself (committed, on this instance): the shop may complete it now.
  const stopAutoDelivery = events.onPaymentNotice(({ notice }) => ctx.autoDelivery.paymentConfirmed(notice));
  // Codes still sealed with a previous key move to the current one (after a rotation; nothing to do otherwise).
  app.addHook('onReady', async () => {
    await ctx.codeStock.today(); // reads the shop's time zone for the day inside transactions
    const moved = await ctx.codeStock.reseal();
    if (moved > 0) app.log.info({ moved }, 'code stock re-encrypted with the current key');
  });
  app.addHook('preClose', async () => {
    stopOrderMatching();
    await ctx.paymentNotices.close();
    stopAutoDelivery();
    await ctx.autoDelivery.close();
  });
  app.addHook('onClose', async () => {
    await sweeper?.stop();
    await probe.stop();
    ctx.mailer.close();
    limitsRedis?.disconnect();
    // Before the database: LISTEN/NOTIFY publishes through its pool.
    await ctx.fanOut.close();
    await db.destroy();
    await commits.close();
    storage.close();
    await logDestination?.close();
  });

  await app.register(languagePlugin);
  await app.register(errorHandlerPlugin);
  // Under overload (the event loop lagging past MAX_EVENT_LOOP_DELAY_MS) new requests get a quick 503 with
  // Retry-After instead of queueing without bound. Dependencies are not checked here: a down Redis or database
  // refuses /health/ready only, not every route (docs/decisions/0035).
  if (config.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: config.maxEventLoopDelayMs,
      sampleInterval: options.pressureSampleIntervalMs,
      // A returned value is sent as the answer (the typings only admit void); nothing returned lets the request on.
      pressureHandler: ((_request: FastifyRequest, reply: FastifyReply) => {
        reply.status(503).header('retry-after', String(OVERLOAD_RETRY_AFTER_S));
        return { statusCode: 503, message: MSG.overloaded, payLoad: null, payLoadList: null };
      }) as unknown as FastifyUnderPressureOptions['pressureHandler'],
    });
  }
  await app.register(gracefulClosePlugin);
  await app.register(textGuardPlugin);
  await app.register(securityHeadersPlugin);
  // Before any route is added: @fastify/compress attaches itself to routes as they are registered.
  await app.register(compressionPlugin);
  // Cleared before the answer leaves, so a client that sees its change succeed never reads the old catalog after.
  // Only on routes that can change something: reads (the hot paths) carry no extra hook.
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((m) => m === 'GET' || m === 'HEAD')) return;
    const clearCatalog = (request: FastifyRequest, _reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
      if (changesCatalog(request.method, request.url)) ctx.publicCache.clear();
      done(null, payload);
    };
    route.onSend = [clearCatalog, ...(route.onSend ? [route.onSend].flat() : [])];
  });
  if (config.corsOrigins.length) await app.register(cors, { delegator: corsFor(config.corsOrigins) });
  // Off by default; routes open to the public and costly (placing an order stores a file) opt in.
  await app.register(rateLimit, {
    global: false,
    ...(limitsRedis ? { redis: limitsRedis, nameSpace: `${limitsPrefix}rate:`, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: MSG.tooManyRequests(Math.ceil(context.ttl / 1000)),
      payLoad: null,
      payLoadList: null,
    }),
  });
  // Its per-request hooks only on multipart routes (plugins/multipart.ts).
  await app.register(multipartPlugin, {
    limits: { fileSize: config.uploadMaxBytes, files: 4, fields: 30, fieldSize: 16 * 1024, parts: 40, headerPairs: 200 },
  });
  // Before any route is added: routes with a JSON body schema refuse other content types (plugins/json-body.ts).
  await app.register(jsonBodyPlugin);
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
  await app.register(paymentAccountRoutes, { ctx });
  await app.register(orderRoutes, { ctx });
  await app.register(orderTrackingRoutes, { ctx });
  await app.register(staffLanguageRoutes, { ctx });
  await app.register(userRoutes, { ctx });
  await app.register(gameRoutes, { ctx });
  await app.register(tokenPackageRoutes, { ctx });
  await app.register(codeStockRoutes, { ctx });
  await app.register(autoDeliveryRoutes, { ctx });
  await app.register(shopSettingsRoutes, { ctx });
  await app.register(twoFactorRoutes, { ctx });
  await app.register(invitationRoutes, { ctx });
  await app.register(staffAlertRoutes, { ctx });
  await app.register(dashboardAppRoutes, { ctx });
  await app.register(paymentPhoneRoutes, { ctx });

  app.get('/api/docs/json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
  await app.register(healthRoutes, { ctx });

  const webDir = options.webDir ?? defaultWebDir();
  const pages = await loadFirstScreen({
    webDir,
    ssrEntry: options.ssrEntry,
    sources: moduleSources(ctx),
    publicUrl: config.publicUrl,
    log: app.log,
  });
  await app.register(webAppPlugin, { webDir, pages });
  return app;
}
