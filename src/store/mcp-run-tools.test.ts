import { describe, expect, it } from 'vitest';
import { toToolLog } from './mcp-run-tools';

describe('an MCP log message as a call log line', () => {
  it('maps the level, names the logger and keeps data as text', () => {
    expect(toToolLog({ level: 'warning', logger: 'db', data: { slow: true } }, 12)).toEqual({ level: 'warn', text: '[db] {"slow":true}', t: 12 });
    expect(toToolLog({ level: 'debug', data: 'plain' }, 0)).toEqual({ level: 'log', text: 'plain', t: 0 });
  });
  it('cuts a long message', () => {
    expect(toToolLog({ level: 'info', data: 'x'.repeat(5000) }, 0).text.length).toBeLessThan(2100);
  });
});
