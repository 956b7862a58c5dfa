import type { ServiceContext } from '../../context/service-context';
import type { ClientInfo } from '../../sessions/repository';

/** The service context, plus what only the account services need. */
export interface AuthContext extends ServiceContext {
  jwtSecret: string;
  /** Origin of mailed links. */
  publicUrl: string;
}

export type { ClientInfo };
