// Fails early, with the fix named, when a browser or tool the engines journey needs is missing.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const onPath = (cmd) => {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const missing = [];
if (!existsSync(process.env.FIREFOX_PATH || '/usr/bin/firefox-esr')) missing.push('firefox-esr');
if (!existsSync(process.env.WEBKIT_DRIVER_PATH || '/usr/bin/WebKitWebDriver')) missing.push('webkit2gtk-driver');
if (!existsSync(process.env.MINIBROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'))
  missing.push('libwebkit2gtk-4.1-0 (MiniBrowser)');
if (!onPath('xvfb-run')) missing.push('xvfb');
if (missing.length) {
  console.error(
    `The engines journey needs: ${missing.join(', ')}.\n` +
      'Install them with `sudo apt-get install -y firefox-esr webkit2gtk-driver xvfb` (Debian), or set FIREFOX_PATH, ' +
      'WEBKIT_DRIVER_PATH and MINIBROWSER_PATH. .ci/run installs them when they are missing.',
  );
  process.exit(1);
}
