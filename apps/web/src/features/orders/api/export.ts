// GET /api/v1/Order/Export: the filtered list as CSV. Fetched with the bearer token (the API takes no cookie for it)
// and handed to the browser as a download.
import { useMutation } from '@tanstack/react-query';
import { requestFile } from '../../../lib/http-file';
import { filterOf, type OrderListView } from '../lib/list-view';

export async function exportOrders(view: OrderListView): Promise<void> {
  const { blob, fileName } = await requestFile('/api/v1/Order/Export', filterOf(view));
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? 'orders.csv';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the file's memory is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportOrders() {
  return useMutation({ mutationFn: exportOrders });
}
