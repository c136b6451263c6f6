import { describe, expect, it } from 'vitest';
import { clientMetadataFile } from './client-metadata';

describe('the Client ID Metadata Document written at build time', () => {
  it('names its own URL as client_id and the callback page beside index.html as the redirect', () => {
    for (const given of [
      'https://tools.example/app/',
      'https://tools.example/app',
      'https://tools.example/app/index.html?x=1#y',
    ]) {
      const file = clientMetadataFile(given);
      expect(file.fileName).toBe('oauth-client-metadata.json');
      expect(file.url).toBe('https://tools.example/app/oauth-client-metadata.json');
      const doc = JSON.parse(file.text) as Record<string, unknown>;
      expect(doc.client_id).toBe(file.url);
      expect(doc.redirect_uris).toEqual(['https://tools.example/app/oauth-callback.html']);
      expect(doc.client_uri).toBe('https://tools.example/app/');
      expect(doc.token_endpoint_auth_method).toBe('none');
      expect(doc.grant_types).toEqual(['authorization_code', 'refresh_token']);
    }
  });

  it('refuses an address authorization servers could not fetch it from, saying what to set', () => {
    expect(() => clientMetadataFile('http://tools.example/')).toThrow(
      /TOOLSCOPE_PUBLIC_URL="http:\/\/tools.example\/" must be an https:\/\/ address/,
    );
    expect(() => clientMetadataFile('tools.example')).toThrow(/is not a web address/);
  });
});
