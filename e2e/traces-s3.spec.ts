/**
 * The trace inbox from an S3 bucket laid out as the Collector's S3 exporter writes it
 * (`<prefix>/year=/month=/day=/hour=/minute=/traces_<n>.json.gz`, uploaded with `Content-Encoding: gzip`), on s3rver
 * (an independent S3 server that checks SigV4 signatures). A new object shows while the view is open; a reload reads
 * no object twice; the secret key goes nowhere.
 */
import { gzipSync } from 'node:zlib';
import { AwsClient } from 'aws4fetch';
import { test, expect } from './fixtures';
import { sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { openTraces, traceLines, traceRows, tracesStatus, tracesView } from './support/trace-inbox';
import { startS3rver } from '../src/sync/testing/s3rver-server';

const KEY = { accessKeyId: 'AKIDTRACES', secretAccessKey: 'e2e-trace-inbox-secret-canary', region: 'us-east-1' };
const BUCKET = 'otel';
const partition = (minute: number) =>
  `traces/year=2026/month=11/day=29/hour=01/minute=${String(minute).padStart(2, '0')}`;

test('an S3 bucket in the Collector’s layout: listed, a new object shows while the view is open, a reload reads nothing twice, the secret stays home', async ({
  page,
  mock,
}) => {
  test.setTimeout(90_000);
  const base = test.info().project.use.baseURL;
  if (!base) throw new Error('no baseURL');
  const s3 = await startS3rver({ ...KEY, buckets: [BUCKET], corsOrigin: new URL(base).origin });
  const aws = new AwsClient({ ...KEY, service: 's3', retries: 0 });
  const put = async (key: string, text: string, gzip: boolean) => {
    const res = await aws.fetch(`${s3.endpoint}/${BUCKET}/${key}`, {
      method: 'PUT',
      headers: gzip
        ? { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }
        : { 'Content-Type': 'application/json' },
      body: gzip ? gzipSync(text) : text,
    });
    expect(res.ok, `PUT ${key}: ${res.status}`).toBe(true);
  };
  const requests: { url: string; method: string; headers: Record<string, string>; body: string }[] = [];
  page
    .context()
    .on('request', (r) =>
      requests.push({ url: r.url(), method: r.method(), headers: r.headers(), body: r.postData() ?? '' }),
    );
  const objectGets = () => requests.filter((r) => r.method === 'GET' && r.url.includes(`/${BUCKET}/traces/`)).length;
  const lists = () => requests.filter((r) => r.method === 'GET' && r.url.includes('list-type=2')).length;
  try {
    // Two objects the exporter wrote a minute apart: one gzipped with Content-Encoding, one plain.
    await put(`${partition(30)}/traces_123456789.json.gz`, traceLines('ai-sdk-generate-text').join('\n'), true);
    await put(`${partition(31)}/traces_987654321.json`, traceLines('openinference-openai')[0]!, false);
    await put(`${partition(31)}/traces_987654322.json`, traceLines('openinference-openai')[1]!, false);

    await openConfiguredApp(page, mock);
    await sendMessage(page, 'An earlier question');
    await waitForIdle(page);
    await openTraces(page);
    await tracesView(page).getByRole('button', { name: 'Add trace source' }).click();
    const dialog = page.getByRole('dialog', { name: 'Trace source' });
    await dialog.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'S3 bucket' });
    await dialog.getByRole('textbox', { name: 'Endpoint' }).fill(s3.endpoint);
    await dialog.getByRole('textbox', { name: 'Region' }).fill(KEY.region);
    await dialog.getByRole('textbox', { name: 'Bucket' }).fill(BUCKET);
    await dialog.getByRole('textbox', { name: 'Prefix' }).fill('traces/');
    await dialog.getByRole('textbox', { name: 'Access key ID' }).fill(KEY.accessKeyId);
    // Without the secret key the dialog says what is missing, and nothing is added.
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Enter the access key ID and the secret access key.');
    await dialog.getByLabel('Secret access key').fill(KEY.secretAccessKey);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect(dialog).toBeHidden();
    await expect(traceRows(page)).toHaveCount(2);
    await expect(tracesStatus(page)).toHaveText(/^2 traces · Checked /);
    expect(objectGets()).toBe(3);

    // The exporter writes another object while the view is open: it shows without a reload (polling, within 15 s).
    await put(`${partition(32)}/traces_555555555.json.gz`, traceLines('ai-sdk-stream-text').join('\n'), true);
    await expect(traceRows(page)).toHaveCount(3, { timeout: 20_000 });
    expect(objectGets()).toBe(4);

    // A reload reads the listing again and no object twice.
    await page.reload();
    await expect(tracesView(page)).toBeVisible();
    const listed = lists();
    await expect.poll(lists, { timeout: 15_000 }).toBeGreaterThan(listed);
    await expect(tracesStatus(page)).not.toHaveAttribute('data-checking', 'true');
    await expect(traceRows(page)).toHaveCount(3);
    expect(objectGets()).toBe(4);

    // The secret key never left: every signed request went to the bucket, and none carried the secret.
    const signed = requests.filter((r) => (r.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256'));
    expect(signed.length).toBeGreaterThan(0);
    for (const r of signed) expect(new URL(r.url).origin).toBe(s3.endpoint);
    for (const r of requests) expect(JSON.stringify(r)).not.toContain(KEY.secretAccessKey);
  } finally {
    await s3.close();
  }
});
