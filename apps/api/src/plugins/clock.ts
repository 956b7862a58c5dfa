import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../context/ports';
import { systemClock } from '../context/service-context';

declare module 'fastify' {
  interface FastifyInstance {
    /** The time the app goes by: sessions, holds, reminders. Tests pass one they can move. */
    clock: Clock;
  }
}

export const clock = fp(
  async function clock(app: FastifyInstance, options: { clock?: Clock }) {
    app.decorate('clock', options.clock ?? systemClock);
  },
  { name: 'clock' },
);
