import { describe, expect, it } from 'vitest';
import { davResponses } from './webdav-store';

describe('a WebDAV listing with what tells a changed file apart', () => {
  it('reads each response: its href, whether it is a folder, its ETag, size and date, whatever the namespace prefix', () => {
    // As Apache mod_dav answers PROPFIND (Depth 1) with getetag, getcontentlength and getlastmodified.
    const xml = `<?xml version="1.0" encoding="utf-8"?>
<D:multistatus xmlns:D="DAV:" xmlns:ns0="DAV:">
<D:response xmlns:lp1="DAV:"><D:href>/dav/traces/</D:href><D:propstat><D:prop><lp1:resourcetype><D:collection/></lp1:resourcetype><lp1:getlastmodified>Sun, 29 Nov 2026 01:00:00 GMT</lp1:getlastmodified><D:getetag>"1000-5f0"</D:getetag></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>
<D:response xmlns:lp1="DAV:"><D:href>/dav/traces/data%202.json</D:href><D:propstat><D:prop><lp1:resourcetype/><lp1:getcontentlength>1234</lp1:getcontentlength><lp1:getlastmodified>Sun, 29 Nov 2026 01:05:00 GMT</lp1:getlastmodified><lp1:getetag>&quot;4d2-5f1&quot;</lp1:getetag></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>
<d:response><d:href>/dav/traces/2026/</d:href><d:propstat><d:prop><d:resourcetype><d:collection /></d:resourcetype></d:prop></d:propstat></d:response>
</D:multistatus>`;
    expect(davResponses(xml)).toEqual([
      { href: '/dav/traces/', collection: true, etag: '"1000-5f0"', modified: 'Sun, 29 Nov 2026 01:00:00 GMT' },
      {
        href: '/dav/traces/data%202.json',
        collection: false,
        etag: '"4d2-5f1"',
        size: 1234,
        modified: 'Sun, 29 Nov 2026 01:05:00 GMT',
      },
      { href: '/dav/traces/2026/', collection: true },
    ]);
  });
});
