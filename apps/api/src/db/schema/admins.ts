import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { citext, createdAt, updatedAt } from './columns';

/** Admins are a separate table, so no user row can ever become an admin by a flag flipped by mistake. */
export const admins = pgTable('admins', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  email: citext().notNull().unique(),
  passwordHash: text().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type AdminRow = typeof admins.$inferSelect;
