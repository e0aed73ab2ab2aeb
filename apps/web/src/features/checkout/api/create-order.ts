// POST /api/v1/Order: the buyer's order as multipart (the API's field names), sent through XHR so the confirm area
// can show upload progress. 201 means placed; anything else throws ApiError (status 0 = the connection dropped).
import { useMutation } from '@tanstack/react-query';
import type { PlacedOrderDto } from '@topup/contract/orders';
import { ApiError, request } from '../../../lib/http';
import i18n from '../../../lib/i18n';

export type NewOrder = {
  inGameUserId: string;
  serverInfo: string;
  mobileNumber: string;
  tokenPackageId: string;
  quantity: number;
  subTotal: number;
  transactionNumber: string;
  screenshot: File;
  /** Made once per attempt and repeated on Retry, so a retry after a lost reply can't place the order twice. */
  idempotencyKey: string;
};

export function toOrderFormData(order: NewOrder): FormData {
  const form = new FormData();
  form.append('inGameUserId', order.inGameUserId.trim());
  form.append('serverInfo', order.serverInfo.trim());
  form.append('mobileNumber', order.mobileNumber.trim());
  form.append('tokenPackageId', order.tokenPackageId);
  form.append('quantity', String(order.quantity));
  form.append('subTotal', String(order.subTotal));
  form.append('transactionNumber', order.transactionNumber);
  form.append('screenShot', '');
  form.append('idempotencyKey', order.idempotencyKey);
  form.append('file_ScreenShot', order.screenshot, order.screenshot.name);
  return form;
}

export async function createOrder(order: NewOrder, onUploadProgress: (fraction: number) => void): Promise<PlacedOrderDto> {
  const res = await request<PlacedOrderDto>('/api/v1/Order', { method: 'POST', body: toOrderFormData(order), onUploadProgress });
  // The spec's success is exactly 201; any other 2xx would be a server we don't understand.
  if (res.statusCode !== 201) throw new ApiError(res.message || i18n.t('storefront:order.failed'), res.statusCode);
  return res.payLoad;
}

export function useCreateOrder(onUploadProgress: (fraction: number) => void) {
  return useMutation({ mutationFn: (order: NewOrder) => createOrder(order, onUploadProgress) });
}
