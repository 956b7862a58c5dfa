import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Where the process is in its life, as far as a load balancer must know. */
export interface Lifecycle {
  /** True from the moment the process was told to stop: /api/health answers 503 so a balancer sends no more. */
  readonly draining: boolean;
  /** Marks the process as draining; requests are still served until the server stops listening. */
  drain(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/** The draining flag the health route reads and the process entry sets on SIGTERM (DESIGN.md §5a). */
export const lifecycle = fp(
  async function lifecycle(app: FastifyInstance) {
    let draining = false;
    app.decorate('lifecycle', {
      get draining() {
        return draining;
      },
      drain() {
        if (!draining) app.log.info('draining: /api/health answers 503 from now on');
        draining = true;
      },
    } satisfies Lifecycle);
    // Closing drains too, whoever closes the app (a test, or the entry after its drain period).
    app.addHook('preClose', async () => app.lifecycle.drain());
    // A kept-alive connection would hold a closing server open until its idle timeout: every answer of a
    // draining process closes its connection, and the client's next request opens one (elsewhere).
    app.addHook('onSend', async (_request, reply, payload) => {
      if (draining) reply.header('connection', 'close');
      return payload;
    });
  },
  { name: 'lifecycle' },
);
