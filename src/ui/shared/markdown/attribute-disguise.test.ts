import { describe, expect, it } from 'vitest';
import { disguiseAttributeNames, undisguise } from './attribute-disguise';

describe('disguiseAttributeNames', () => {
  it('hides every "o" that could begin an attribute name, whatever separates it from the tag or attribute before', () => {
    const html =
      '<img src=x onerror=1><img/onerror=1><p title="a"onclick=1><p title=\'a\'ONCLICK=1><svg\tonload=1\nonbegin=2\fonend=3>';
    const { html: out, mark } = disguiseAttributeNames(html);
    expect(mark).toMatch(/^[a-z]{20}$/);
    expect(out).not.toMatch(/[\t\n\f\r "'/]on/i);
    expect(undisguise(out, mark)).toBe(html);
  });

  it('leaves tag names alone, end tags included, so the parse keeps the same elements', () => {
    const html = '<ol><li>one</li></ol><option>o</option><object></object>';
    const { html: out, mark } = disguiseAttributeNames(html);
    expect(out).toContain('<ol>');
    expect(out).toContain('</ol>');
    expect(out).toContain('</option>');
    expect(out).toContain('</object>');
    // After ">" an "o" begins text, never an attribute.
    expect(out).toContain('<li>one</li>');
    expect(undisguise(out, mark)).toBe(html);
  });

  it('turns text back exactly, lower and upper case, and never picks a mark the text holds', () => {
    const text = 'based on "one" /Only \'ok\' and ONE, none of it touched';
    const { html, mark } = disguiseAttributeNames(text);
    expect(html).toContain(`${mark}l`);
    expect(html).toContain(`${mark}u`);
    expect(text).not.toContain(mark);
    expect(undisguise(html, mark)).toBe(text);
    expect(undisguise('no mark here', mark)).toBe('no mark here');
  });
});
