import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MailTemplates } from './mail-templates';

describe('MailTemplates', () => {
  const templates = new MailTemplates(join(__dirname, 'fixtures'));

  it('renders subject, HTML and text from one template, with partials', () => {
    const mail = templates.render('greeting', { name: 'Ann <b>', code: 'A&1' });
    expect(mail.subject).toBe('Hello Ann <b>');
    expect(mail.html).toContain('<h1>HandCheck</h1>');
    expect(mail.html).toContain('Hello Ann &lt;b&gt;, your code is <strong>A&amp;1</strong>');
    expect(mail.text).toBe('Hello Ann <b>, your code is A&1.\n');
  });

  it('refuses to render with a value missing rather than send a mail with a hole', () => {
    expect(() => templates.render('greeting', { name: 'Ann' })).toThrow(/code/);
  });

  it('names the unknown template and a template missing a part', () => {
    expect(() => templates.render('nope', {})).toThrow(
      /No mail template named nope \(have: greeting\)/,
    );
    const dir = mkdtempSync(join(tmpdir(), 'mail-'));
    writeFileSync(join(dir, 'half.subject.hbs'), 'x');
    writeFileSync(join(dir, 'half.html.hbs'), 'x');
    expect(() => new MailTemplates(dir)).toThrow(/half has no text part/);
  });
});
