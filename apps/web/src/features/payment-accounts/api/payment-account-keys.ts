// Query keys of the ConfigSetting (payment account) resource.
import type { ListParams } from '../../../lib/page-cache';

export const paymentAccountKeys = {
  all: ['configSettings'] as const,
  lists: () => ['configSettings', 'list'] as const,
  list: (params: ListParams) => ['configSettings', 'list', params] as const,
};
