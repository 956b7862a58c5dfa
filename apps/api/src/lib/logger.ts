import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config';

/**
 * The process logger: JSON lines (pretty-printed in development at a terminal). Cookies and
 * authorisation headers are redacted wherever they appear.
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'nodeEnv'>, destination?: DestinationStream): Logger {
  const options = {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  };
  if (destination) return pino(options, destination);
  // `npm run dev` pipes our output through its prefixer and sets FORCE_COLOR to say a person reads it.
  const readByAPerson = process.stdout.isTTY || (process.env.FORCE_COLOR !== undefined && process.env.FORCE_COLOR !== '0');
  if (config.nodeEnv === 'development' && readByAPerson) {
    return pino({ ...options, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } });
  }
  return pino(options);
}
