/**
 * The flow studio as a marketer uses it, against the production build: open v1's first step in the console, change its
 * heading and see it in the preview (the visitor's page itself, framed), find that an emptied heading blocks
 * publishing with the check's message by the field, publish the change under a new name, and then, as a visitor in a
 * fresh browser, get the new heading at /<name> and send a lead the buyer receives with that name, while / is
 * unchanged.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { invitedUser } from './console-users.ts';
import {
  answerBusinessAndContact,
  answerFirstHalfFromStart,
  expectOneLead,
  heading,
  revealAndSubmitPhone,
} from './walk.ts';
import { VISITOR } from './visitor.ts';

const V1_HEADING = 'What type of business do you own?';
const NEW_HEADING = 'What kind of business do you run?';

test('a marketer changes v1’s first heading, previews it, publishes it, and a visitor sends a lead from it', async ({
  page,
  browser,
  request,
}, info) => {
  const name = `spring-${info.project.name}-${Date.now().toString(36)}`;
  const marketer = await invitedUser(page, browser, `marketer.studio.${info.project.name}@example.com`, 'marketer');

  await marketer.getByRole('link', { name: 'Flows' }).click();
  await marketer.getByRole('link', { name: 'v1', exact: true }).click();
  await marketer.getByRole('link', { name: `start: ${V1_HEADING}` }).click();
  const headingField = marketer.getByRole('textbox', { name: /^Heading\*?$/ });
  await expect(headingField).toHaveValue(V1_HEADING);
  // Before any change the preview is v1's own page; the first change makes a draft of v1, previewed from then on.
  const preview = marketer.getByRole('region', { name: 'Preview' });
  const previewHeading = preview.frameLocator('iframe').last().getByRole('heading', { level: 1 });
  await expect(previewHeading).toHaveText(V1_HEADING);

  await headingField.fill(NEW_HEADING);
  await expect(marketer).toHaveURL(/\/admin\/flows\/drafts\/[0-9a-f-]+\/steps\/start$/);
  await expect(previewHeading).toHaveText(NEW_HEADING);

  // An emptied heading is a check that fails: named by the field and at the top, and publishing is refused.
  await headingField.fill('');
  const problem = 'the heading of step start is required';
  await expect(marketer.getByRole('region', { name: 'Problems to fix before publishing' })).toContainText(problem);
  await expect(headingField).toHaveAttribute('aria-invalid', 'true');
  await expect(headingField).toHaveAccessibleDescription(new RegExp(problem));
  await marketer.getByRole('button', { name: 'Publish' }).click();
  const dialog = marketer.getByRole('dialog', { name: 'Publish this draft' });
  await expect(dialog).toContainText(problem);
  await expect(dialog.getByRole('textbox', { name: 'Version name' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await headingField.fill(NEW_HEADING);
  await expect(marketer.getByRole('region', { name: 'Problems to fix before publishing' })).toHaveCount(0);
  await expect(headingField).not.toHaveAttribute('aria-invalid', 'true');
  // The framed preview is the visitor's page, audited as such by its own tests; framed, axe would take its banner and
  // main for a second console's.
  const audit = await new AxeBuilder({ page: marketer }).exclude('iframe').analyze();
  expect(audit.violations).toEqual([]);

  await marketer.getByRole('button', { name: 'Publish' }).click();
  await dialog.getByRole('textbox', { name: 'Version name' }).fill(name);
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(marketer.getByRole('heading', { level: 1, name })).toBeVisible();

  // A visitor in a fresh browser: the new heading at /<name>, the whole flow, and a lead recorded with the name.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/${name}`);
  await expect(heading(visitor)).toHaveText(NEW_HEADING);
  const email = `mary.studio.${info.project.name}@example.com`;
  await answerFirstHalfFromStart(visitor);
  await answerBusinessAndContact(visitor, `/${name}`, email);
  await visitor.getByRole('textbox', { name: 'Street address' }).fill(VISITOR.street);
  await revealAndSubmitPhone(visitor);
  await expect(visitor).toHaveURL((url) => url.pathname === `/${name}/searching-coverage-area`);
  await expectOneLead(request, email, { flow_version: name });

  // The version everyone else gets is unchanged.
  await visitor.goto('/');
  await expect(heading(visitor)).toHaveText(V1_HEADING);
  await visitorContext.close();
});

test('a marketer translates the changed heading into Spanish, and the version is published at /es/<name> too', async ({
  page,
  browser,
}, info) => {
  const name = `fiesta-${info.project.name}-${Date.now().toString(36)}`;
  const marketer = await invitedUser(page, browser, `marketer.spanish.${info.project.name}@example.com`, 'marketer');
  await marketer.getByRole('link', { name: 'Flows' }).click();
  await marketer.getByRole('link', { name: 'v1', exact: true }).click();
  await marketer.getByRole('link', { name: `start: ${V1_HEADING}` }).click();
  await marketer.getByRole('textbox', { name: /^Heading\*?$/ }).fill(NEW_HEADING);
  await expect(marketer).toHaveURL(/\/admin\/flows\/drafts\/[0-9a-f-]+\/steps\/start$/);
  await expect(marketer.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await marketer.getByRole('link', { name: /^All steps of/ }).click();

  const languages = marketer.getByRole('region', { name: 'Languages' });
  await expect(languages.getByRole('heading', { name: 'Español (1 text to translate)' })).toBeVisible();
  const field = languages.getByRole('textbox', { name: 'Step start: heading in Español' });
  await expect(field).toHaveAccessibleDescription(`English: ${NEW_HEADING}`);
  await field.fill('¿Qué clase de negocio dirige?');
  await languages.getByRole('button', { name: 'Save the Español texts' }).click();
  await expect(languages.getByRole('heading', { name: /^Español \(every text translated/ })).toBeVisible();
  const audit = await new AxeBuilder({ page: marketer }).analyze();
  expect(audit.violations).toEqual([]);

  await marketer.getByRole('button', { name: 'Publish' }).click();
  const dialog = marketer.getByRole('dialog', { name: 'Publish this draft' });
  await expect(dialog).toContainText('In English and Español.');
  await dialog.getByRole('textbox', { name: 'Version name' }).fill(name);
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(marketer.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(marketer.getByText('English, Español')).toBeVisible();

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/es/${name}`);
  await expect(heading(visitor)).toHaveText('¿Qué clase de negocio dirige?');
  await visitor.getByRole('radio', { name: 'Corporación C' }).click();
  await expect(heading(visitor)).toHaveText('¿Cuánto necesita?');
  await visitorContext.close();
});
