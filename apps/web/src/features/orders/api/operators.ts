// GET /api/v1/Order/Operators: the staff who can appear as an order's operator, for the operator filter.
import { useQuery } from '@tanstack/react-query';
import type { OperatorDto } from '@topup/contract/order-list';
import { request } from '../../../lib/http';
import { orderKeys } from '../../../lib/order-keys';

export function useOperators() {
  return useQuery({
    queryKey: orderKeys.operators(),
    queryFn: async () => (await request<OperatorDto[]>('/api/v1/Order/Operators')).payLoad,
    staleTime: 5 * 60_000,
  });
}
