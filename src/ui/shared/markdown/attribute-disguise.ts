/**
 * Keeps event-handler attributes out of every HTML parse of model output (docs/architecture.md, invariant 5).
 *
 * Chromium checks the page's `script-src-attr` policy whenever any parser in the page creates an `on…` attribute,
 * even in a document that never runs script (DOMParser, `<template>`, the Sanitizer API): the policy then reports a
 * blocked inline handler, and a page without that policy would have compiled one. DOMPurify parses before it removes,
 * so the sanitizer alone cannot avoid that. Instead, before any parse, each "o" that could begin an attribute name is
 * written as a random mark. The HTML tokenizer starts an attribute name only after whitespace, a closing quote or a
 * "/" (which, right after "<", opens an end tag instead, whose name is left alone); putting letters for a letter
 * changes no token, so the parse has the same elements, with no attribute named `on…`. The sanitizer's hook turns
 * names and values back (dropping would-be handlers) before it judges them, and the serialized text afterwards.
 */

const MAYBE_ATTRIBUTE_START = /(?<=[\t\n\f\r "']|(?<!<)\/)[oO]/g;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

function randomLetters(n: number): string {
  const bytes = new Uint8Array(n);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => LETTERS[b % LETTERS.length]).join('');
}

interface Disguised {
  readonly html: string;
  /** Random per call: model text cannot name it. Letters only, so a disguised URL keeps the shape the sanitizer checks. */
  readonly mark: string;
}

/** `o` becomes `<mark>l`, `O` becomes `<mark>u` (lower and upper); both survive the tokenizer lowercasing names. */
export function disguiseAttributeNames(html: string): Disguised {
  let mark = randomLetters(20);
  while (html.includes(mark)) mark = randomLetters(20);
  return { html: html.replace(MAYBE_ATTRIBUTE_START, (o) => (o === 'o' ? `${mark}l` : `${mark}u`)), mark };
}

export function undisguise(text: string, mark: string): string {
  if (!text.includes(mark)) return text;
  return text.replace(new RegExp(`${mark}([lu])`, 'g'), (_, c: string) => (c === 'l' ? 'o' : 'O'));
}

/** An event handler's content attribute, in HTML or SVG: every one is named `on…`. */
const isHandlerName = (name: string) => /^on/i.test(name);

/**
 * Turns one element's attributes back, in the sanitizer's inert document, before the sanitizer judges them: a name
 * that turns back into `on…` is removed without ever being set; others are set under their own name and value.
 */
export function undisguiseAttributes(el: Element, mark: string): void {
  for (const attr of Array.from(el.attributes)) {
    const name = undisguise(attr.name, mark);
    const value = undisguise(attr.value, mark);
    if (name === attr.name && value === attr.value) continue;
    el.removeAttributeNode(attr);
    if (isHandlerName(name)) continue;
    try {
      // attr.name is the qualified name (`xlink:href`), as the parser wrote it; a name the mark was in is lowercase
      // as the parser would have left it.
      if (attr.namespaceURI) el.setAttributeNS(attr.namespaceURI, name, value);
      else el.setAttribute(name === attr.name ? name : name.toLowerCase(), value);
    } catch {
      // A name setAttribute refuses (a parse error the tokenizer kept) is not one the sanitizer would keep either.
    }
  }
}
