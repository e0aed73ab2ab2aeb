// Field rules shared by placing an order and editing it.
import type { FieldErrors } from '@topup/contract/envelope';
import { SERVER_OPTIONS, type ServerType } from '@topup/contract/limits';
import { MSG } from '@topup/contract/messages';
import { AppError, headlineOf } from '../../lib/errors.ts';

/** Checks serverInfo against the game's server type; answers the value to store or an error message. */
export function checkServerInfo(serverType: string, value: string): { value: string } | { error: string } {
  switch (serverType as ServerType) {
    case 'SERVER': {
      if (!value) return { error: MSG.serverRequired };
      const option = SERVER_OPTIONS.find((o) => o.toLowerCase() === value.toLowerCase());
      return option ? { value: option } : { error: MSG.serverOption };
    }
    case 'ZONEID':
      return value ? { value } : { error: MSG.zoneRequired };
    default:
      // A game without servers has nothing to say here; whatever came is not kept.
      return { value: '' };
  }
}

export function fail(errors: FieldErrors): never {
  throw AppError.badRequest(headlineOf(errors), errors);
}
