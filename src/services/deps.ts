import type { Ports, Runners } from './ports.ts';
import type { Settings } from './settings.ts';

/**
 * What the service layer may be given; each service picks only what it uses (`Pick<Deps, 'store' | 'clock'>`).
 * Flat on purpose, so a service names what it needs without knowing which kind of thing it is.
 */
export type Deps = Ports & Runners & Settings;
