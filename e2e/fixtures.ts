/**
 * Playwright `test` with a `mock` fixture: a fresh OpenAI-compatible test server on a random
 * 127.0.0.1 port for each test, closed afterwards. Point the app at `mock.url`.
 */
import { test as base, expect } from '@playwright/test';
import { startMockServer, type MockServer } from './server/mock-server';

export type { MockServer, Step } from './server/mock-server';

export const test = base.extend<{ mock: MockServer }>({
  // Playwright reads the fixture's dependencies from this destructuring, so it must stay a pattern.
  // eslint-disable-next-line no-empty-pattern
  mock: async ({}, use) => {
    const mock = await startMockServer({ port: 0 });
    await use(mock);
    await mock.close();
  },
});

export { expect };
