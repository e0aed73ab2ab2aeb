// zod's generic failures as catalogue messages (see messages.ts), so they reach the client in its language:
// a missing field says "This field is required.", a too-long text names its limit.
import { z } from 'zod';
import { MSG } from './messages.ts';

export function applyContractMessages(): void {
  z.config({
    customError: (issue) => {
      switch (issue.code) {
        case 'invalid_type':
          if (issue.input === undefined) return MSG.required;
          return issue.expected === 'number' ? MSG.mustBeNumber : MSG.mustBeType(issue.expected);
        case 'too_big':
          if (issue.origin === 'string') return MSG.tooLong(Number(issue.maximum));
          if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
            return MSG.numberTooBig(issue.maximum as number);
          return undefined;
        case 'too_small':
          if (issue.origin === 'string') return Number(issue.minimum) === 1 ? MSG.required : MSG.tooShort(Number(issue.minimum));
          if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
            return MSG.numberTooSmall(issue.minimum as number);
          return undefined;
        case 'invalid_value':
          return MSG.mustBeOneOf(issue.values.map(String));
        case 'invalid_format':
          if (issue.format === 'uuid' || issue.format === 'guid') return MSG.mustBeUuid;
          if (issue.format === 'email') return MSG.invalidEmail;
          return MSG.invalidFormat;
        default:
          return MSG.badRequest;
      }
    },
  });
}
