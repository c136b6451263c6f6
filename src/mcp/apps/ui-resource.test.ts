import { describe, expect, it } from 'vitest';
import { toUiResource, viewContentSecurityPolicy, type McpUiResource } from './ui-resource';

const html = '<p>hi</p>';

describe('toUiResource', () => {
  it('takes the mcp-app HTML and its declared domains', () => {
    const r = toUiResource('ui://s/v', [
      {
        uri: 'ui://s/v',
        mimeType: 'text/html;profile=mcp-app',
        text: html,
        meta: {
          ui: {
            csp: { connectDomains: ['https://api.example.com'], resourceDomains: ['https://*.cdn.example'] },
            prefersBorder: true,
          },
        },
      },
    ]) as McpUiResource;
    expect(r.html).toBe(html);
    expect(r.csp.connectDomains).toEqual(['https://api.example.com']);
    expect(r.csp.resourceDomains).toEqual(['https://*.cdn.example']);
    expect(r.prefersBorder).toBe(true);
  });
  it('decodes a base64 blob', () => {
    const r = toUiResource('ui://s/v', [
      { uri: 'ui://s/v', mimeType: 'text/html;profile=mcp-app', blob: btoa(html) },
    ]) as McpUiResource;
    expect(r.html).toBe(html);
  });
  it('says so when there is no HTML', () => {
    expect(toUiResource('ui://s/v', [{ uri: 'ui://s/v', mimeType: 'text/plain', text: 'x' }])).toEqual({
      kind: 'no-html',
      message: expect.stringContaining('ui://s/v'),
    });
  });
  it('drops declared entries that are not plain origins', () => {
    const r = toUiResource('ui://s/v', [
      {
        uri: 'ui://s/v',
        mimeType: 'text/html;profile=mcp-app',
        text: html,
        meta: {
          ui: {
            csp: {
              connectDomains: ['https://a.example; script-src *', "'unsafe-eval'", '*', 'https://ok.example:8443', 7],
            },
          },
        },
      },
    ]) as McpUiResource;
    expect(r.csp.connectDomains).toEqual(['https://ok.example:8443']);
  });
});

describe('viewContentSecurityPolicy', () => {
  const none = { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] };
  it('reaches no network when nothing is declared', () => {
    const p = viewContentSecurityPolicy(none);
    expect(p).toContain("connect-src 'none'");
    expect(p).toContain("frame-src 'none'");
    expect(p).toContain("default-src 'none'");
    expect(p).toContain("script-src 'unsafe-inline'");
  });
  it('lists the declared domains in their directives only', () => {
    const p = viewContentSecurityPolicy({
      ...none,
      connectDomains: ['https://api.example.com'],
      resourceDomains: ['https://cdn.example'],
    });
    expect(p).toContain('connect-src https://api.example.com');
    expect(p).toContain("script-src 'unsafe-inline' https://cdn.example");
    expect(p).not.toMatch(/connect-src[^;]*cdn/);
  });
});
