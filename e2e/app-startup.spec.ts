import { test, expect } from './fixtures';
import { assistantMessages, messageBox } from './support/chat-run';
import { configureSettings, openApp, TEST_KEY } from './support/configured-app';
import { conversation } from './support/sent-requests';
import { holdStores } from './support/store-hold';

// Start-up reads the saved settings from IndexedDB. Whatever the person does as soon as the page is up must act on
// those, not on the defaults shown before them. Another tab writing to the settings store holds the read open, so
// the page is certainly still starting when the click or the message comes.

test('Settings clicked while start-up is still reading the settings opens with what is saved', async ({
  page,
  context,
  mock,
}) => {
  await openApp(page);
  await configureSettings(page, mock, { remember: true, model: 'saved-model' });

  const hold = await holdStores(context, ['settings']);
  await page.goto('/');
  // As soon as anything is on the page: the shell (the click lands at once) or a start-up note (it waits for the shell).
  const clicked = page.getByRole('button', { name: 'Settings', exact: true }).click();
  await Promise.race([
    clicked,
    page
      .getByText('Starting Toolscope…')
      .waitFor()
      .catch(() => undefined),
  ]);
  await hold.release();
  await clicked;

  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Base URL' })).toHaveValue(mock.url);
  await expect(dialog.getByRole('textbox', { name: 'Model' })).toHaveValue('saved-model');
  await expect(dialog.getByRole('textbox', { name: 'API key' })).toHaveValue(TEST_KEY);
  await expect(dialog.getByRole('checkbox', { name: 'Remember on this device' })).toBeChecked();
  // Saving what is shown keeps what was saved.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(dialog.getByRole('textbox', { name: 'Base URL' })).toHaveValue(mock.url);
  await expect(dialog.getByRole('textbox', { name: 'Model' })).toHaveValue('saved-model');
});

test('a message sent while start-up is still reading the settings goes to the model with the saved key', async ({
  page,
  context,
  mock,
}) => {
  await openApp(page);
  await configureSettings(page, mock, { remember: true });
  mock.script([{ kind: 'text', content: 'Answered at once.' }]);

  const hold = await holdStores(context, ['settings']);
  await page.goto('/');
  const sent = (async () => {
    await messageBox(page).fill('hello straight away');
    await messageBox(page).press('Enter');
  })();
  await Promise.race([
    sent,
    page
      .getByText('Starting Toolscope…')
      .waitFor()
      .catch(() => undefined),
  ]);
  await hold.release();
  await sent;

  await expect(assistantMessages(page).last()).toContainText('Answered at once.');
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeHidden();
  expect(conversation(mock.requests.at(-1)).at(-1)).toEqual({ role: 'user', content: 'hello straight away' });
});
