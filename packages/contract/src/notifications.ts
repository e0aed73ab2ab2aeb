// The dashboard bell's items (the API's Notification).
import { z } from 'zod';

export const NotificationDto = z.object({
  id: z.string(),
  orderId: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type NotificationDto = z.infer<typeof NotificationDto>;
