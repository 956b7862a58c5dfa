import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Case-insensitive text (the citext extension of migration 0000): `A@x.org` and `a@x.org` are one e-mail. */
export const citext = customType<{ data: string }>({ dataType: () => 'citext' });

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
