import { describe, expect, it } from 'vitest';
import { appOAuthUrls, clientMetadataDocument } from './client-metadata';

describe('the app OAuth URLs follow the deploy base', () => {
  it('puts the callback and the metadata document beside index.html, under any base path', () => {
    expect(appOAuthUrls('https://example.org/tools/scope/index.html')).toEqual({
      redirectUrl: 'https://example.org/tools/scope/oauth-callback.html',
      clientMetadataUrl: 'https://example.org/tools/scope/oauth-client-metadata.json',
    });
  });

  it('names its own URL as client_id, as a metadata document must', () => {
    const doc = clientMetadataDocument('https://example.org/app/');
    expect(doc.client_id).toBe('https://example.org/app/oauth-client-metadata.json');
    expect(doc.redirect_uris).toEqual(['https://example.org/app/oauth-callback.html']);
  });
});
