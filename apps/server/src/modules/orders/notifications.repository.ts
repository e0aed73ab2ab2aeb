// Staff notifications of new orders: the unread ones, searched by their message.
import { ilike, type Db } from '../../db/database.ts';

export function countUnreadNotifications(db: Db, term: string): Promise<number> {
  return db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_read', '=', 0)
    .$if(term !== '', (qb) => qb.where(ilike('message', term)))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function listUnreadNotifications(db: Db, term: string, offset: number, limit: number) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('is_read', '=', 0)
    .$if(term !== '', (qb) => qb.where(ilike('message', term)))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}
