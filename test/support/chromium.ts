/**
 * Test support: Debian's Chromium (/usr/bin/chromium), driven by playwright-core, headless,
 * with the flags a closed network needs (no background connections; see the machine notes).
 */
import { type Browser, chromium } from 'playwright-core';

/** Chromium's flags on a closed network: no background connections. */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches Debian's Chromium headless; close it in `afterAll`. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: FLAGS });
}
