import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { idempotencyMessages } from '@skillroute/shared/marketplace-limits';
import type { UnitOfWork } from '../../context/unit-of-work';
import { AppError } from '../../lib/errors';
import { userOf } from '../../plugins/auth';
import { describeError, inRequestLanguage } from '../../plugins/error-envelope';
import * as repository from './repository';
import {
  decideRepeat,
  fingerprintOf,
  keepsUnchangedAnswer,
  keptSince,
  keyOf,
  type KeyDecision,
} from './rules';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route honours an `Idempotency-Key` header (DESIGN.md §4b); it must be guarded by `requireUser`. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency?: KeyState;
  }
}

interface KeyState {
  id: repository.KeyOf;
  fingerprint: string;
  now: Date;
  /** A unit of work of this request committed with the key in it: the change is done, only the answer is left. */
  claimed: boolean;
  answered: boolean;
}

/**
 * The answer a decision gives, as status and body: the first answer as it was sent, or a refusal in the error
 * envelope, in the request's language.
 */
function answerOf(request: FastifyRequest, decision: KeyDecision): { status: number; body: unknown } {
  if (decision.kind === 'replay') return { status: decision.status, body: decision.response };
  const described = describeError(decision.error);
  return { status: described.statusCode, body: inRequestLanguage(request, described.body) };
}

/**
 * A known key answers at once, with the first answer or a refusal; a new one is written in the first unit
 * of work the request's services open (`workPrelude`), in the change's own transaction. A second request
 * with the same key waits there for the first one's commit, then stops.
 */
const claimOrRepeat: preHandlerAsyncHookHandler = async function (
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const key = keyOf(request.headers['idempotency-key']);
  if (key === undefined) return;
  const { db, clock } = request.server;
  const id = { userId: userOf(request).id, key };
  const fingerprint = fingerprintOf(request);
  const now = clock.now();
  await repository.forgetKeyMadeBefore(db, id, keptSince(now));
  const stored = await repository.findKey(db, id);
  if (stored !== undefined) {
    const answer = answerOf(request, decideRepeat(stored, fingerprint, now));
    return reply.code(answer.status).send(answer.body);
  }
  const state: KeyState = { id, fingerprint, now, claimed: false, answered: false };
  request.idempotency = state;
  request.workPrelude = async (uow: UnitOfWork) => {
    if (state.claimed) return;
    if (!(await repository.claimKey(uow.tx, { ...id, fingerprint, now })))
      throw new AppError('conflict', idempotencyMessages.inProgress);
    uow.afterCommit(() => {
      state.claimed = true;
    });
  };
};

/**
 * Records the answer before it is sent, so whoever got it can get it again. Without a committed change, a
 * refusal is kept as the first answer too, unless another request with this key got there first: then its
 * answer is this one's.
 */
async function recordAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  const state = request.idempotency;
  if (state === undefined || state.answered) return payload;
  state.answered = true;
  const { db } = request.server;
  // As jsonb keeps it, so a repeat is serialized from exactly what this one is.
  const answer = {
    status: reply.statusCode,
    response: JSON.parse(JSON.stringify(payload ?? null)) as unknown,
  };
  try {
    if (state.claimed) {
      // A failure after the change committed is not its answer: a repeat hears that it was carried out.
      if (answer.status < 500) await repository.answerKey(db, state.id, answer);
      return payload;
    }
    if (!keepsUnchangedAnswer(answer.status)) return payload;
    const { id, fingerprint, now } = state;
    if (await repository.claimKey(db, { ...id, fingerprint, now }, answer)) return payload;
    const stored = await repository.findKey(db, id);
    if (stored === undefined) return payload;
    const first = answerOf(request, decideRepeat(stored, fingerprint, request.server.clock.now()));
    reply.code(first.status);
    return first.body;
  } catch (error) {
    // The person still gets this answer; a repeat of the key then hears "in progress", never a second change.
    request.log.warn({ err: error }, 'the answer of an idempotency key was not recorded');
    return payload;
  }
}

/** Adds the key's hooks to every route whose config says `idempotent: true`; registered before the routes. */
export const idempotency = fp(
  async function idempotency(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      if (route.config?.idempotent !== true) return;
      const asList = <T>(hooks: T | T[] | undefined): T[] =>
        hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
      route.preHandler = [...asList(route.preHandler), claimOrRepeat];
      route.preSerialization = [...asList(route.preSerialization), recordAnswer];
    });
  },
  { name: 'idempotency', dependencies: ['database', 'clock'] },
);
