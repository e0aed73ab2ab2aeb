// Payment notices for staff: the Payments list, one order's payment as the shop's wallet told it, and attaching money
// that came with no order. Pushed notices (the hub's ReceivePaymentNotice) invalidate these keys.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Page } from '@topup/contract/envelope';
import type { NoticeState, OrderPaymentDto, PaymentNoticeDto, PaymentNoticeEvent } from '@topup/contract/payment-phones';
import { request } from '../../../lib/http';

export const noticeKeys = {
  all: ['payment-notices'] as const,
  list: (state: NoticeState | '', currentPage: number) => ['payment-notices', 'list', state, currentPage] as const,
  order: (orderId: string) => ['payment-notices', 'order', orderId] as const,
};

export const usePaymentNotices = (state: NoticeState | '', currentPage: number) =>
  useQuery({
    queryKey: noticeKeys.list(state, currentPage),
    queryFn: async ({ signal }) =>
      (await request<Page<PaymentNoticeDto>>('/api/v1/PaymentNotice', { query: { state, currentPage, pageSize: 20 }, signal })).payLoad,
    placeholderData: keepPreviousData,
  });

export const useOrderPayment = (orderId: string) =>
  useQuery({
    queryKey: noticeKeys.order(orderId),
    queryFn: async ({ signal }) =>
      (await request<OrderPaymentDto>(`/api/v1/Order/${encodeURIComponent(orderId)}/payment`, { signal })).payLoad,
    enabled: orderId !== '',
  });

export function useAttachNotice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ noticeId, orderId }: { noticeId: string; orderId: string }) =>
      (
        await request<PaymentNoticeDto>(`/api/v1/PaymentNotice/${encodeURIComponent(noticeId)}/attach`, {
          method: 'POST',
          body: { orderId },
        })
      ).payLoad,
    onSuccess: () => qc.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}

/** A notice was taken or decided on any instance: the lists and the orders it names read it again. */
export function paymentNoticePushed(qc: QueryClient, _event: PaymentNoticeEvent): void {
  void qc.invalidateQueries({ queryKey: noticeKeys.all });
}
