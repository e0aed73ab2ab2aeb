// A staff member's language for what the shop sends them outside the page they look at: live notices and mails.
import { z } from 'zod';
import { LANGUAGES } from './limits.ts';
import { MSG } from './messages.ts';

export const StaffLanguageBody = z.object({ language: z.enum(LANGUAGES, { message: MSG.unknownLanguage }) });
export type StaffLanguageBody = z.infer<typeof StaffLanguageBody>;

export const StaffLanguageDto = z.object({ language: z.enum(LANGUAGES) });
export type StaffLanguageDto = z.infer<typeof StaffLanguageDto>;
