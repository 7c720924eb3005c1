/** Where the guard reports what it caught: the server's logger. */
export interface GuardLog {
  error(details: { err: unknown }, message: string): void;
}

/**
 * Keeps a serving process alive through an error nobody handled (a promise rejected with no listener, an exception
 * thrown from a timer): it is logged and the process carries on. A server that answers every request it can is
 * worth more than one that exits on the first stray error of a database outage, and every write is transactional,
 * so nothing is left half done. Installed only once the server listens: an error while starting still ends the
 * process (with exit code 1), as it should. Returns a function that removes the guard.
 */
export function guardProcess(log: GuardLog): () => void {
  const onRejection = (reason: unknown) => log.error({ err: reason }, 'unhandled promise rejection (the process carries on)');
  const onException = (error: Error) => log.error({ err: error }, 'uncaught exception (the process carries on)');
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}
