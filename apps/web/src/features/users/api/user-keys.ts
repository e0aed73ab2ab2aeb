// Query keys of the User resource.
import type { ListParams } from '../../../lib/page-cache';

export const userKeys = {
  all: ['users'] as const,
  lists: () => ['users', 'list'] as const,
  list: (params: ListParams) => ['users', 'list', params] as const,
};
