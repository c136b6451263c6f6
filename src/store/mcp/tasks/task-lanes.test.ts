import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../../db/database';
import { putMcpTask } from '../../../db/mcp-tasks-repo';
import type { McpTaskRecord } from '../../../domain/mcp-task';
import { isTaskFollowed, lookUpSessionTaskLanes, lookUpTaskLane } from './task-lanes';

// The follower is replaced: what matters here is how many are started, not what they do.
const resumed: string[] = [];
let endFollowers: () => void = () => undefined;
const followersEnd = new Promise<void>((resolve) => (endFollowers = resolve));
vi.mock('./task-follow', () => ({
  resumeTask: async (task: McpTaskRecord) => {
    resumed.push(task.callId);
    await followersEnd;
  },
}));

afterAll(() => db.close());

const stored: McpTaskRecord = {
  callId: 'c-twice',
  sessionId: 's-twice',
  serverId: 'srv',
  serverName: 'jobs',
  toolName: 'long_job',
  taskId: 't-twice',
  status: 'working',
  createdAt: 1,
  updatedAt: 1,
};

describe('task lanes after a reload', () => {
  it('the tool card and the timeline finding the same open task start one follower, released when it ends', async () => {
    await putMcpTask(db, stored);
    // Both look-ups find the stored task before the follower module has loaded.
    await Promise.all([lookUpTaskLane('c-twice'), lookUpSessionTaskLanes('s-twice')]);
    await vi.waitFor(() => expect(resumed).toContain('c-twice'));
    await new Promise((r) => setTimeout(r, 20));
    expect(resumed).toEqual(['c-twice']);
    expect(isTaskFollowed('c-twice')).toBe(true);
    endFollowers();
    await vi.waitFor(() => expect(isTaskFollowed('c-twice')).toBe(false));
  });
});
