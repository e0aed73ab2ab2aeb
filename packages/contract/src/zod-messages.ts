// Plain-language messages for zod's generic failures, so a missing field says "This field is required."
import { z } from 'zod';
import { MSG } from './messages.ts';

export function applyContractMessages(): void {
  z.config({
    customError: (issue) => {
      if (issue.code === 'invalid_type' && issue.input === undefined) return MSG.required;
      if (issue.code === 'invalid_type') return `Must be a ${issue.expected}.`;
      return undefined;
    },
  });
}
