// What every module needs from the running app, built once in app.ts and handed to route plugins.
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Db, Dialect, RowStreamer } from './db/database.ts';
import type { OrderEvents } from './events/order-events.ts';
import type { Mailer } from './lib/mailer.ts';
import type { FanOut } from './realtime/fan-out.ts';
import type { PublicCache } from './lib/public-cache.ts';
import type { ImageWork } from './storage/image-work.ts';
import type { Media } from './storage/media.ts';
import type { StorageProbe } from './storage/storage-probe.ts';
import type { UrlSigner } from './storage/signed-urls.ts';
import type { LoginThrottle } from './modules/auth/login-throttle.ts';
import type { TokenService } from './modules/auth/tokens.ts';
import type { Verification } from './modules/verification/verification.ts';
import type { StaffAlerts } from './modules/staff-alerts/staff-alerts.service.ts';
import type { NoticeProcessor } from './modules/payment-phones/notice-processor.ts';
import type { CodeStock } from './modules/code-stock/code-stock.service.ts';
import type { AutoDelivery } from './modules/auto-delivery/auto-delivery.ts';

export type AppContext = {
  config: Config;
  db: Db;
  dialect: Dialect;
  /** PostgreSQL only: rows of a query handed over one by one as they arrive, never collected (the CSV export). */
  eachRow?: RowStreamer;
  media: Media;
  /** This instance's record that it shares its upload storage with the others (storage/storage-probe.ts). */
  storageProbe: StorageProbe;
  /** The one queue all sharp work goes through (uploads, variants, background image jobs). */
  imageWork: ImageWork;
  signer: UrlSigner;
  mailer: Mailer;
  events: OrderEvents;
  /** Carries committed events to every instance's hub admins and buyers' status streams (realtime/fan-out.ts). */
  fanOut: FanOut;
  tokens: TokenService;
  throttle: LoginThrottle;
  publicCache: PublicCache;
  /** Screenshot checks off the request path (modules/verification). */
  verification: Verification;
  /** Alerts to staff devices through Web Push (modules/staff-alerts). */
  staffAlerts: StaffAlerts;
  /** Payment phones' notices read and matched off the request path (modules/payment-phones). */
  paymentNotices: NoticeProcessor;
  /** Codes of packages sold as codes, and the hooks orders call to reserve, deliver and release them. */
  codeStock: CodeStock;
  /** Completes orders of AUTO_ON_PAYMENT packages once a wallet notice confirms them (modules/auto-delivery). */
  autoDelivery: AutoDelivery;
  /** Redis for limits shared across instances (REDIS_URL); undefined without it. */
  redis?: Redis;
};
