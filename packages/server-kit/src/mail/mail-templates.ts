import Handlebars from 'handlebars';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

interface Compiled {
  subject: Handlebars.TemplateDelegate;
  html: Handlebars.TemplateDelegate;
  text: Handlebars.TemplateDelegate;
}

type Part = 'subject' | 'html' | 'text';

/**
 * Every template of a folder, compiled once at start: `<name>.subject.hbs`,
 * `<name>.html.hbs` and `<name>.text.hbs` make the template `<name>`, and
 * `partials/<partial>.hbs` can be used by any of them. The HTML part escapes
 * what it is given; the subject and text parts are plain text, so they don't.
 * Rendering is separate from sending, so a failed send is retried without
 * rendering again.
 */
export class MailTemplates {
  private readonly templates = new Map<string, Compiled>();
  private readonly handlebars = Handlebars.create();

  constructor(dir: string) {
    const partials = join(dir, 'partials');
    if (existsSync(partials)) {
      for (const file of readdirSync(partials).filter((f) => f.endsWith('.hbs'))) {
        this.handlebars.registerPartial(
          file.slice(0, -4),
          readFileSync(join(partials, file), 'utf8'),
        );
      }
    }
    const names = new Set(
      readdirSync(dir)
        .map((file) => /^(.+)\.(subject|html|text)\.hbs$/.exec(file)?.[1])
        .filter((name): name is string => name !== undefined),
    );
    for (const name of names) {
      const source = (part: Part) => {
        const path = join(dir, `${name}.${part}.hbs`);
        if (!existsSync(path))
          throw new Error(`Mail template ${name} has no ${part} part (${path})`);
        return readFileSync(path, 'utf8');
      };
      this.templates.set(name, {
        subject: this.handlebars.compile(source('subject'), { noEscape: true, strict: true }),
        html: this.handlebars.compile(source('html'), { strict: true }),
        text: this.handlebars.compile(source('text'), { noEscape: true, strict: true }),
      });
    }
  }

  get names(): string[] {
    return [...this.templates.keys()].sort();
  }

  render(name: string, data: object): RenderedMail {
    const template = this.templates.get(name);
    if (!template)
      throw new Error(`No mail template named ${name} (have: ${this.names.join(', ')})`);
    return {
      subject: template.subject(data).replace(/\s+/g, ' ').trim(),
      html: template.html(data),
      text: template.text(data),
    };
  }
}
