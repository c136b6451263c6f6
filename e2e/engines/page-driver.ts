/**
 * What the engines journey needs from a browser, so one journey drives Firefox (puppeteer-core over WebDriver BiDi)
 * and WebKitGTK (selenium-webdriver over classic WebDriver) alike. Elements are found in the page by role and
 * accessible name (in-page.ts), then acted on with the engine's own input: real clicks and key presses, not DOM
 * events faked by a script.
 */
export type PageDriver = {
  /** Evaluates a JavaScript expression in the page; a promise it yields is awaited. */
  evaluate<T>(expression: string): Promise<T>;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  click(css: string): Promise<void>;
  /** Focuses the field, selects what it holds and types `text` over it with the keyboard. */
  typeInto(css: string, text: string): Promise<void>;
  /** Chooses the option shown as `label` in a `<select>`, as a person picks it from the list. */
  selectOption(css: string, label: string): Promise<void>;
  /** Hands a file on disk to an `<input type="file">`. */
  upload(css: string, filePath: string): Promise<void>;
  /**
   * A second tab in the same browser profile (same IndexedDB, same Web Locks). It comes to the front, and the tab it
   * was opened from goes to the background (its document hidden), as when a person opens a tab.
   */
  openTab(url: string): Promise<PageDriver>;
  /** Brings this tab to the front again (its document visible). */
  bringToFront(): Promise<void>;
};

export type Engine = {
  name: string;
  version: string;
  page: PageDriver;
  close(): Promise<void>;
};
