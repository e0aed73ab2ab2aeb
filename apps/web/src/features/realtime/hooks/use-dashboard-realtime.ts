// Keeps the dashboard connected to the realtime hub while an admin is signed in (stopped on logout or unmount), and
// returns the connection status for the header's indicator. A pushed notification also plays the chime and, while the
// tab is hidden, shows a desktop notification; what pushes do to the cached lists is the caller's (the layout wires
// them to the orders feature's cache helpers, so this feature never imports another).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationDto } from '@topup/contract/notifications';
import type { OrderDto } from '@topup/contract/orders';
import type { OrderVerdictEvent } from '@topup/contract/verification';
import type { OrderChangedEvent } from '@topup/contract/order-changes';
import type { PaymentNoticeEvent } from '@topup/contract/payment-phones';
import type { LowStockEvent } from '@topup/contract/code-stock';
import { playNotificationSound, showDesktopNotification } from '../api/alerts';
import { connectDashboardHub, type ConnectionStatus } from '../api/hub-client';

export type RealtimeHandlers = {
  onOrder(order: OrderDto): void;
  onNotification(notification: NotificationDto): void;
  /** After a reconnect: refetch whatever may have changed while the connection was down. */
  onResync(): void;
  /** The admin clicked a desktop notification. */
  onOpenNotification(notification: NotificationDto): void;
  onVerdict?(event: OrderVerdictEvent): void;
  /** A colleague's change to an order (or this admin's own, echoed back). */
  onOrderChanged?(event: OrderChangedEvent): void;
  onPaymentNotice?(event: PaymentNoticeEvent): void;
  onLowStock?(event: LowStockEvent): void;
};

export function useDashboardRealtime(enabled: boolean, handlers: RealtimeHandlers): ConnectionStatus {
  const { t } = useTranslation('dashboard');
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  // The latest handlers and texts, read when a push arrives, so a re-render never restarts the connection.
  const latest = useRef({ handlers, t });
  useEffect(() => {
    latest.current = { handlers, t };
  });

  useEffect(() => {
    if (!enabled) return;
    const hub = connectDashboardHub({
      onStatus: setStatus,
      onOrder: (order) => latest.current.handlers.onOrder(order),
      onNotification: (notification) => {
        const { handlers: h, t: translate } = latest.current;
        h.onNotification(notification);
        playNotificationSound();
        showDesktopNotification(translate('realtime.desktop.title'), notification.message, notification.orderId, () =>
          h.onOpenNotification(notification),
        );
      },
      onResync: () => latest.current.handlers.onResync(),
      onVerdict: (event) => latest.current.handlers.onVerdict?.(event),
      onOrderChanged: (event) => latest.current.handlers.onOrderChanged?.(event),
      onPaymentNotice: (event) => latest.current.handlers.onPaymentNotice?.(event),
      onLowStock: (event) => latest.current.handlers.onLowStock?.(event),
    });
    return () => {
      void hub.stop();
    };
  }, [enabled]);

  return status;
}
