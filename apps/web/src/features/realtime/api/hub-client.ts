// The dashboard's live connection to the realtime hub at /dashboard, through the official @microsoft/signalr client
// configured with the documented timeouts and transports. The client library is imported on demand, so it is only ever downloaded by a signed-in
// admin's dashboard, never by the storefront. Reports its state, hands over pushed orders and notifications (either
// the object itself or one holding it), and says when the cached lists must be brought up to date: after an
// automatic reconnect, and after a fresh start that follows a failed start or a closed connection.
import type { HttpTransportType, HubConnection, ILogger, LogLevel } from '@microsoft/signalr';
import type { NotificationDto } from '@topup/contract/notifications';
import type { OrderDto } from '@topup/contract/orders';
import { HUB } from '@topup/contract/limits';
import { API_BASE } from '../../../lib/http';
import { freshAccessToken } from './access-token';
import type { OrderVerdictEvent } from '@topup/contract/verification';
import type { OrderChangedEvent } from '@topup/contract/order-changes';
import type { PaymentNoticeEvent } from '@topup/contract/payment-phones';
import type { LowStockEvent } from '@topup/contract/code-stock';

export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

export type HubHandlers = {
  onStatus(status: ConnectionStatus): void;
  onOrder(order: OrderDto): void;
  onNotification(notification: NotificationDto): void;
  /** Anything pushed while the connection was down was missed: refetch the lists and the bell. */
  onResync(): void;
  /** An order's screenshot check has a new verdict (`ReceiveOrderVerdict`). */
  onVerdict?(event: OrderVerdictEvent): void;
  /** Someone (a colleague, or this admin elsewhere) changed or deleted an order (`ReceiveOrderChanged`). */
  onOrderChanged?(event: OrderChangedEvent): void;
  /** A payment phone's notice was taken or decided (`ReceivePaymentNotice`). */
  onPaymentNotice?(event: PaymentNoticeEvent): void;
  /** A code package fell below its low-stock threshold (`ReceiveLowStock`, counts only). */
  onLowStock?(event: LowStockEvent): void;
};

export type HubController = { stop(): Promise<void> };

/** The HTTP request timeout of the hub client (negotiate, long-poll send/delete). */
export const HUB_REQUEST_TIMEOUT_MS = 100_000;

/**
 * Tests may pin the transport: localStorage `dashboard_hub_transport` = 'WebSockets' or 'LongPolling'.
 * Anything else (the normal case) lets the client choose, WebSockets first, long polling as the fallback.
 */
export const TRANSPORT_STORAGE_KEY = 'dashboard_hub_transport';

function chooseTransport(types: typeof HttpTransportType): HttpTransportType {
  let pinned: string | null = null;
  try {
    pinned = localStorage.getItem(TRANSPORT_STORAGE_KEY);
  } catch {
    // storage unavailable: use the default
  }
  if (pinned === 'WebSockets') return types.WebSockets;
  if (pinned === 'LongPolling') return types.LongPolling;
  return types.WebSockets | types.LongPolling;
}

/** The library logs failed starts and lost connections as errors; here they are expected and retried: warnings only. */
function warningsOnly(levels: typeof LogLevel): ILogger {
  return {
    log(level, message) {
      if (level >= levels.Warning && level !== levels.None) console.warn(`[realtime] ${message}`);
    },
  };
}

/** The pushed object itself, or the object under `key` when the server wraps it (both are valid). */
export function unwrapPayload<T extends { id: string }>(payload: unknown, key: 'order' | 'notification'): T | null {
  if (!payload || typeof payload !== 'object') return null;
  const inner = (payload as Record<string, unknown>)[key];
  const candidate = inner && typeof inner === 'object' ? inner : payload;
  return typeof (candidate as { id?: unknown }).id === 'string' ? (candidate as T) : null;
}

/** Builds the connection and starts it, retrying a failed start every 3 s, until stop(). */
export function connectDashboardHub(handlers: HubHandlers): HubController {
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  // True once something may have been missed: a start failed, or an open connection closed.
  let missedSomething = false;
  let connection: HubConnection | undefined;

  handlers.onStatus('connecting');
  void run();

  return {
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      await connection?.stop().catch((err: unknown) => console.warn('[realtime] stop failed', err));
    },
  };

  async function run() {
    let signalR: typeof import('@microsoft/signalr');
    try {
      signalR = await import('@microsoft/signalr');
    } catch (err) {
      // The chunk could not be loaded (offline, or a deploy replaced it): nothing live until the page is reloaded.
      console.warn('[realtime] the hub client could not be loaded', err);
      handlers.onStatus('disconnected');
      return;
    }
    if (stopped) return;

    const hub = new signalR.HubConnectionBuilder()
      .withUrl(`${API_BASE}${HUB.path}`, {
        transport: chooseTransport(signalR.HttpTransportType),
        withCredentials: true,
        accessTokenFactory: freshAccessToken,
        timeout: HUB_REQUEST_TIMEOUT_MS,
      })
      .withAutomaticReconnect([...HUB.reconnectDelaysMs])
      .configureLogging(warningsOnly(signalR.LogLevel))
      .build();
    hub.serverTimeoutInMilliseconds = HUB.serverTimeoutMs;
    hub.keepAliveIntervalInMilliseconds = HUB.keepAliveMs;
    connection = hub;

    hub.on(HUB.events.order, (payload: unknown) => {
      const order = unwrapPayload<OrderDto>(payload, 'order');
      if (order) handlers.onOrder(order);
      else console.warn('[realtime] ReceiveOrder without an order', payload);
    });
    hub.on(HUB.events.notification, (payload: unknown) => {
      const notification = unwrapPayload<NotificationDto>(payload, 'notification');
      if (notification) handlers.onNotification(notification);
      else console.warn('[realtime] ReceiveNotificationMessage without a notification', payload);
    });
    hub.on(HUB.events.verdict, (payload: unknown) => {
      const event = payload as OrderVerdictEvent | null;
      if (event && typeof event.orderId === 'string') handlers.onVerdict?.(event);
      else console.warn('[realtime] ReceiveOrderVerdict without an order id', payload);
    });
    hub.on(HUB.events.changed, (payload: unknown) => {
      const event = payload as OrderChangedEvent | null;
      if (event && typeof event.orderId === 'string' && (event.deleted || (event.order && typeof event.order.id === 'string')))
        handlers.onOrderChanged?.(event);
      else console.warn('[realtime] ReceiveOrderChanged without an order', payload);
    });
    hub.on(HUB.events.payment, (payload: unknown) => {
      const event = payload as PaymentNoticeEvent | null;
      if (event && event.notice && typeof event.notice.id === 'string') handlers.onPaymentNotice?.(event);
      else console.warn('[realtime] ReceivePaymentNotice without a notice', payload);
    });
    hub.on(HUB.events.lowStock, (payload: unknown) => {
      const event = payload as LowStockEvent | null;
      if (event && event.stock && typeof event.stock.packageId === 'string') handlers.onLowStock?.(event);
      else console.warn('[realtime] ReceiveLowStock without stock', payload);
    });
    hub.onreconnecting(() => {
      if (!stopped) handlers.onStatus('reconnecting');
    });
    hub.onreconnected(() => {
      if (stopped) return;
      handlers.onStatus('connected');
      handlers.onResync();
    });
    hub.onclose(() => {
      // Closed for good: the server did not allow a reconnect, or automatic reconnecting gave up. Start afresh.
      if (stopped) return;
      handlers.onStatus('disconnected');
      missedSomething = true;
      scheduleStart();
    });

    const scheduleStart = () => {
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => void start(), HUB.startRetryMs);
    };

    const start = async () => {
      if (stopped) return;
      try {
        await hub.start();
      } catch (err) {
        if (stopped) return;
        console.warn('[realtime] start failed; retrying in 3 s', err);
        handlers.onStatus('disconnected');
        missedSomething = true;
        scheduleStart();
        return;
      }
      if (stopped) {
        await hub.stop();
        return;
      }
      handlers.onStatus('connected');
      if (missedSomething) {
        missedSomething = false;
        handlers.onResync();
      }
    };

    await start();
  }
}
