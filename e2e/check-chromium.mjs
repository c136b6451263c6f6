// Fails early, with the fix named, when the browser the e2e tests drive is missing.
import { existsSync } from 'node:fs';
const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(path)) {
  console.error(
    `Chromium not found at ${path}.\n` +
      'Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium/Chrome binary.\n' +
      'Do not run `npx playwright install`; the tests use the system browser.',
  );
  process.exit(1);
}
