/*
 * An HTTP tool's URL template. Its origin (scheme, host, port) must be written out: arguments fill the path, query
 * or fragment only, so the model cannot send the request, and the tool's headers with their secrets, elsewhere.
 */

const PLACEHOLDER = /\{([a-zA-Z0-9_-]+)\}/g;

function argValue(args: unknown, name: string): unknown {
  return typeof args === 'object' && args !== null ? (args as Record<string, unknown>)[name] : undefined;
}

/** `{name}` in the URL becomes the URL-encoded argument; objects are JSON-encoded first; a missing one is empty. */
export function fillUrl(template: string, args: unknown): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const v = argValue(args, name);
    if (v === undefined || v === null) return '';
    return encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v));
  });
}

/** `{{name}}` in the body becomes the JSON encoding of the argument (null when absent). */
export function fillBody(template: string, args: unknown): string {
  return template.replace(/\{\{([a-zA-Z0-9_-]+)\}\}/g, (_, name: string) =>
    JSON.stringify(argValue(args, name) ?? null),
  );
}

type TemplateOrigin = { ok: true; origin: string } | { ok: false; problem: string };

/**
 * The origin a template always reaches. The authority must end (with "/", "?" or "#") before the first placeholder:
 * in `https://api.example.com{path}` an argument ".evil.example" would move the host, so that is refused too.
 */
export function templateOrigin(template: string): TemplateOrigin {
  const firstPlaceholder = template.search(/\{/);
  const literal = firstPlaceholder === -1 ? template : template.slice(0, firstPlaceholder);
  const head = /^([a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]*)([/?#]|$)/.exec(literal);
  if (!head?.[1] || (firstPlaceholder !== -1 && head[2] === '')) {
    return {
      ok: false,
      problem:
        'Write the scheme, host and port out in full (e.g. https://api.example.com/items/{id}): placeholders may only ' +
        'come after the host, in the path, query or fragment, so an argument cannot send the request to another server.',
    };
  }
  try {
    const url = new URL(head[1]);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      return { ok: false, problem: 'The URL must start with http:// or https://.' };
    return { ok: true, origin: url.origin };
  } catch {
    return { ok: false, problem: 'Not a valid URL (placeholders look like {name}).' };
  }
}
