import { useEffect, useState } from 'react';
import type { McpToolSnapshot } from '../../../domain/mcp-server';

const MAX_ICON_BYTES = 256 * 1024;

/**
 * A tool's icon. The page's policy loads images only from data: and blob: addresses (so nothing a model writes
 * can make the browser fetch a picture elsewhere), so an https icon is fetched once here — no cookies, no referrer,
 * an image type and a bounded size — and shown from a blob: address. No usable icon: nothing is shown.
 */
export function McpToolIcon({ tool }: { tool: Pick<McpToolSnapshot, 'icons'> }) {
  const src = tool.icons?.find((i) => i.theme === undefined || i.theme === 'light')?.src ?? tool.icons?.[0]?.src;
  const [shown, setShown] = useState<string | null>(src !== undefined && src.startsWith('data:image/') ? src : null);
  useEffect(() => {
    if (src === undefined || !src.startsWith('https://')) {
      setShown(src !== undefined && src.startsWith('data:image/') ? src : null);
      return;
    }
    const ctl = new AbortController();
    let url: string | null = null;
    void (async () => {
      try {
        const response = await fetch(src, {
          signal: ctl.signal,
          credentials: 'omit',
          referrerPolicy: 'no-referrer',
          redirect: 'error',
          mode: 'cors',
        });
        const type = response.headers.get('content-type') ?? '';
        if (!response.ok || !type.startsWith('image/')) return;
        const blob = await response.blob();
        if (blob.size > MAX_ICON_BYTES || ctl.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setShown(url);
      } catch {
        // No icon: the row reads the same without it.
      }
    })();
    return () => {
      ctl.abort();
      if (url !== null) URL.revokeObjectURL(url);
    };
  }, [src]);
  if (shown === null) return null;
  return <img className="mcp-tool-icon" src={shown} alt="" width={16} height={16} referrerPolicy="no-referrer" />;
}
