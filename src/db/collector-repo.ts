import type { ToolscopeDB } from './database';
import { isBoolean, isString } from './settings-repo';

/**
 * Where traces are pushed: the OTLP/HTTP URL and whether every finished run goes there. Header values are secrets
 * (collector keys): they live in the secrets table under `collector-header:<name>`, which no export reads; the
 * settings row keeps only their names.
 */
/** `includeContent`: pushed traces carry messages and tool input/output (the conventions make content opt-in). */
export type CollectorConfig = {
  url: string;
  autoPush: boolean;
  includeContent: boolean;
  headers: Record<string, string>;
};

const URL_KEY = 'collectorUrl';
const AUTO_KEY = 'collectorAutoPush';
const CONTENT_KEY = 'collectorIncludeContent';
const NAMES_KEY = 'collectorHeaderNames';
const secretKey = (name: string) => `collector-header:${name}`;
const isNames = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);

export async function readCollectorConfig(db: ToolscopeDB): Promise<CollectorConfig> {
  const [url, auto, content, names] = await Promise.all([
    db.settings.get(URL_KEY),
    db.settings.get(AUTO_KEY),
    db.settings.get(CONTENT_KEY),
    db.settings.get(NAMES_KEY),
  ]);
  const headerNames = names && isNames(names.value) ? names.value : [];
  const values = await db.secrets.bulkGet(headerNames.map(secretKey));
  const headers: Record<string, string> = {};
  headerNames.forEach((n, i) => {
    const v = values[i]?.value;
    if (v !== undefined) headers[n] = v;
  });
  const on = (r: { value: unknown } | undefined) => r !== undefined && isBoolean(r.value) && r.value;
  return { url: url && isString(url.value) ? url.value : '', autoPush: on(auto), includeContent: on(content), headers };
}

export async function saveCollectorConfig(db: ToolscopeDB, config: CollectorConfig): Promise<void> {
  await db.transaction('rw', db.settings, db.secrets, async () => {
    const old = await db.settings.get(NAMES_KEY);
    const oldNames = old && isNames(old.value) ? old.value : [];
    const names = Object.keys(config.headers);
    await db.secrets.bulkDelete(oldNames.filter((n) => !names.includes(n)).map(secretKey));
    await db.secrets.bulkPut(names.map((n) => ({ key: secretKey(n), value: config.headers[n] ?? '' })));
    await db.settings.bulkPut([
      { key: URL_KEY, value: config.url.trim() },
      { key: AUTO_KEY, value: config.autoPush },
      { key: CONTENT_KEY, value: config.includeContent },
      { key: NAMES_KEY, value: names },
    ]);
  });
}

/** True when a Collector URL is set (the sessions list offers "Send to collector" only then). */
export async function collectorIsSet(db: ToolscopeDB): Promise<boolean> {
  const url = await db.settings.get(URL_KEY);
  return url !== undefined && isString(url.value) && url.value.trim() !== '';
}
