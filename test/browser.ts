import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (CI installs it in .ci/run); CAIRN_CHROMIUM points elsewhere. */
export const CHROMIUM = process.env.CAIRN_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

/** Headless Chromium, or an error that says how to install it. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM}: the web app's browser tests need it. Install it with "apt-get install -y chromium" (Debian), or set CAIRN_CHROMIUM to a Chromium binary.`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}
