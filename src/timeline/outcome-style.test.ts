import { describe, expect, it } from 'vitest';
import { CALL_OUTCOMES, runStatus, STATUS_STYLES, type BarStatus } from './outcome-style';

const statuses = Object.keys(STATUS_STYLES) as BarStatus[];

describe('STATUS_STYLES', () => {
  it('gives every status its own icon and its own word, so none is told by colour alone', () => {
    const icons = statuses.map((s) => STATUS_STYLES[s].icon);
    const words = statuses.map((s) => STATUS_STYLES[s].word);
    for (const s of statuses) {
      expect(STATUS_STYLES[s].icon.trim(), s).not.toBe('');
      expect(STATUS_STYLES[s].word.trim(), s).not.toBe('');
    }
    expect(new Set(icons).size).toBe(statuses.length);
    expect(new Set(words).size).toBe(statuses.length);
  });

  it('styles every call outcome, including denied and interrupted', () => {
    for (const o of CALL_OUTCOMES) expect(STATUS_STYLES[o], o).toBeDefined();
    expect(CALL_OUTCOMES).toEqual(
      expect.arrayContaining(['ok', 'error', 'timeout', 'cancelled', 'denied', 'interrupted']),
    );
  });

  it('shows an unfinished run that is not live as interrupted, whatever its recorded stop', () => {
    expect(runStatus('interrupted', 'complete')).toBe('interrupted');
    expect(runStatus('finished', null)).toBe('interrupted');
    expect(runStatus('finished', 'max_turns')).toBe('limit');
    expect(runStatus('live', null)).toBe('running');
  });
});
