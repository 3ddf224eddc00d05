/**
 * One thing a service needs to do its job: an engine (its key is the engine's
 * name in the service registry) or something of the service's own. Engine
 * modules export one each; a service lists the ones its readiness depends on.
 */
export interface ReadinessCheck {
  readonly key: string;
  /** Resolves when the thing answers; rejects with a message saying why not. */
  probe(): Promise<unknown>;
}

export type ReadinessCheckClass = new (...args: never[]) => ReadinessCheck;
