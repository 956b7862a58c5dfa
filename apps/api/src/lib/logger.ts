import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config';
import { serializeError } from './log-redaction';

/**
 * The process logger: JSON lines (pretty-printed in development at a terminal). Cookies,
 * authorisation headers and the parameters of failed queries are redacted wherever they appear.
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'nodeEnv'>,
  destination?: DestinationStream,
): Logger {
  const options = {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    // A failed query's parameters are a person's input (passwords, e-mails, text): never logged.
    serializers: { err: serializeError },
  };
  if (destination) return pino(options, destination);
  // `npm run dev` pipes our output through its prefixer and sets FORCE_COLOR to say a person reads it.
  const readByAPerson =
    process.stdout.isTTY || (process.env.FORCE_COLOR !== undefined && process.env.FORCE_COLOR !== '0');
  if (config.nodeEnv === 'development' && readByAPerson) {
    return pino({
      ...options,
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
    });
  }
  return pino(options);
}
