/**
 * The shapes of the landing-page content files in site/content/, as plain JSON Schema. `npm run flows:schema` writes
 * them to site/content/schemas/ so editors check a file while it is typed, the build checks the files with the same
 * objects (check.ts), and the page takes its types from them (FromSchema), so all three read one definition.
 * Plain objects only: the page imports the types from this module.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { schemaKey } from '../../contracts/content-file.ts';
import { lendersFile } from '../../contracts/lenders.ts';

const heading = {
  type: 'string',
  minLength: 1,
  maxLength: 80,
  description: 'The heading of the section, short enough for one or two lines on a phone.',
} as const;

const logo = {
  type: 'object',
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      description: 'Who the logo stands for; screen readers read it in place of the image.',
    },
    logo: {
      type: 'string',
      pattern: '^logos/[a-z0-9][a-z0-9-]*\\.(svg|png|webp)$',
      description:
        'The image in site/content/logos/, written as logos/<file>: lowercase letters, digits and dashes, ending in .svg, .png or .webp (e.g. logos/storefront-gazette.svg).',
    },
    width: {
      type: 'integer',
      minimum: 1,
      maximum: 400,
      description:
        'Width in CSS pixels the logo is shown at; with the height it keeps the page from jumping while the image loads.',
    },
    height: {
      type: 'integer',
      minimum: 1,
      maximum: 160,
      description: 'Height in CSS pixels the logo is shown at; keep it in proportion with the width.',
    },
  },
  required: ['name', 'logo', 'width', 'height'],
  additionalProperties: false,
} as const;

const logos = {
  type: 'array',
  items: logo,
  minItems: 1,
  maxItems: 12,
  description: 'The logos, in the order shown.',
} as const;

export const howItWorksFile = {
  title: 'How it works',
  description: 'The numbered steps shown under the first question.',
  type: 'object',
  properties: {
    $schema: schemaKey('how-it-works'),
    heading,
    steps: {
      type: 'array',
      minItems: 2,
      maxItems: 6,
      description: 'The steps in order; the page numbers them.',
      items: {
        type: 'object',
        properties: {
          title: { type: 'string', minLength: 1, maxLength: 80, description: 'What the visitor does in this step.' },
          text: {
            type: 'string',
            minLength: 1,
            maxLength: 240,
            description: 'One or two sentences more about the step.',
          },
        },
        required: ['title', 'text'],
        additionalProperties: false,
      },
    },
  },
  required: ['$schema', 'heading', 'steps'],
  additionalProperties: false,
} as const;
export type HowItWorksFile = FromSchema<typeof howItWorksFile>;

export const claimsFile = {
  title: 'Claims and disclaimer',
  description:
    'What the page promises, and the disclaimer that qualifies it. Every claim must be true for every lender.',
  type: 'object',
  properties: {
    $schema: schemaKey('claims'),
    heading,
    claims: {
      type: 'array',
      minItems: 1,
      maxItems: 8,
      description: 'The claims, in the order shown.',
      items: {
        type: 'object',
        properties: {
          title: { type: 'string', minLength: 1, maxLength: 60, description: 'The claim in a few words.' },
          text: {
            type: 'string',
            minLength: 1,
            maxLength: 240,
            description: 'The claim in one sentence, with its conditions.',
          },
        },
        required: ['title', 'text'],
        additionalProperties: false,
      },
    },
    disclaimer: {
      type: 'object',
      description: 'Shown at the end of the landing page.',
      properties: {
        heading,
        paragraphs: {
          type: 'array',
          minItems: 1,
          items: { type: 'string', minLength: 1, description: 'One paragraph of plain text.' },
          description: 'The disclaimer, one paragraph per entry.',
        },
      },
      required: ['heading', 'paragraphs'],
      additionalProperties: false,
    },
  },
  required: ['$schema', 'heading', 'claims', 'disclaimer'],
  additionalProperties: false,
} as const;
export type ClaimsFile = FromSchema<typeof claimsFile>;

export const featuredInFile = {
  title: 'As featured in',
  description: 'The row of publication logos on the landing page.',
  type: 'object',
  properties: { $schema: schemaKey('featured-in'), heading, logos },
  required: ['$schema', 'heading', 'logos'],
  additionalProperties: false,
} as const;
export type FeaturedInFile = FromSchema<typeof featuredInFile>;

export const testimonialsFile = {
  title: 'Testimonials',
  description: "The testimonials the carousel on the landing page rotates through. Publish only real customers' words.",
  type: 'object',
  properties: {
    $schema: schemaKey('testimonials'),
    heading,
    testimonials: {
      type: 'array',
      minItems: 5,
      maxItems: 5,
      description: 'Exactly five testimonials: the carousel is laid out for five.',
      items: {
        type: 'object',
        properties: {
          title: { type: 'string', minLength: 1, maxLength: 60, description: 'A short headline for the testimonial.' },
          date: {
            type: 'string',
            pattern: '^\\d{4}-\\d{2}-\\d{2}$',
            description:
              'The date the customer gave it, as yyyy-mm-dd (e.g. 2025-03-14); the page shows it as March 14, 2025.',
          },
          text: {
            type: 'string',
            minLength: 1,
            maxLength: 400,
            description: "The customer's words, short enough to read before the carousel moves on.",
          },
          author: {
            type: 'string',
            pattern: "^\\p{Lu}[\\p{L}'’-]* \\p{Lu}\\.$",
            description: 'The customer\'s first name and the initial of the last name, e.g. "Maria G.".',
          },
        },
        required: ['title', 'date', 'text', 'author'],
        additionalProperties: false,
      },
    },
  },
  required: ['$schema', 'heading', 'testimonials'],
  additionalProperties: false,
} as const;
export type TestimonialsFile = FromSchema<typeof testimonialsFile>;

export const faqFile = {
  title: 'Frequently asked questions',
  description: 'The questions and answers of the accordion on the landing page.',
  type: 'object',
  properties: {
    $schema: schemaKey('faq'),
    heading,
    questions: {
      type: 'array',
      minItems: 1,
      maxItems: 15,
      description: 'The questions, in the order shown.',
      items: {
        type: 'object',
        properties: {
          question: {
            type: 'string',
            minLength: 1,
            maxLength: 120,
            description: 'The question as a business owner would ask it.',
          },
          answer: { type: 'string', minLength: 1, maxLength: 800, description: 'The answer in plain text.' },
        },
        required: ['question', 'answer'],
        additionalProperties: false,
      },
    },
  },
  required: ['$schema', 'heading', 'questions'],
  additionalProperties: false,
} as const;
export type FaqFile = FromSchema<typeof faqFile>;

export const providersFile = {
  title: 'Providers Include',
  description: 'The strip of provider logos, shown only on the auto and lp3 sections.',
  type: 'object',
  properties: { $schema: schemaKey('providers'), heading, logos },
  required: ['$schema', 'heading', 'logos'],
  additionalProperties: false,
} as const;
export type ProvidersFile = FromSchema<typeof providersFile>;

export const SOCIAL_NETWORKS = ['facebook', 'x', 'linkedin', 'instagram', 'youtube'] as const;

export const socialFile = {
  title: 'Social links',
  description: "The links to the business's social pages in the page footer; an empty list shows none.",
  type: 'object',
  properties: {
    $schema: schemaKey('social'),
    links: {
      type: 'array',
      maxItems: SOCIAL_NETWORKS.length,
      description: 'The links, in the order shown.',
      items: {
        type: 'object',
        properties: {
          network: {
            type: 'string',
            enum: SOCIAL_NETWORKS,
            description: 'Which network the link goes to; it picks the icon.',
          },
          url: {
            type: 'string',
            pattern: '^https://[^\\s]+$',
            description: 'The full address of the page, starting with https://.',
          },
        },
        required: ['network', 'url'],
        additionalProperties: false,
      },
    },
  },
  required: ['$schema', 'links'],
  additionalProperties: false,
} as const;
export type SocialFile = FromSchema<typeof socialFile>;

const footerText = (description: string, maxLength: number) =>
  ({ type: 'string', minLength: 1, maxLength, description }) as const;

export const footerFile = {
  title: 'Form and page footer',
  description: 'The promises under every question and the advertising disclosure at the foot of every page.',
  type: 'object',
  properties: {
    $schema: schemaKey('footer'),
    promises: {
      type: 'object',
      description: 'The three short promises shown under every question, each next to its icon.',
      properties: {
        encrypted: footerText('Next to the lock: that the form is encrypted.', 40),
        noCreditImpact: footerText('Next to the shield: that applying does not affect the credit score.', 40),
        funded: footerText('Next to the dollar sign: how much has been funded.', 40),
      },
      required: ['encrypted', 'noCreditImpact', 'funded'],
      additionalProperties: false,
    },
    disclosure: {
      type: 'object',
      description: 'The advertising disclosure; {product} in its text becomes the product name.',
      properties: {
        title: footerText("The disclosure's heading.", 60),
        text: footerText('What the product is and is not (a lead generator, not a lender) and how it is paid.', 1200),
      },
      required: ['title', 'text'],
      additionalProperties: false,
    },
  },
  required: ['$schema', 'promises', 'disclosure'],
  additionalProperties: false,
} as const;
export type FooterFile = FromSchema<typeof footerFile>;

const word = (description: string, maxLength = 80) =>
  ({ type: 'string', minLength: 1, maxLength, description }) as const;

/** A group of words of one part of the page, every one required. */
function wordGroup<Words extends Record<string, object>>(description: string, properties: Words) {
  return {
    type: 'object',
    description,
    properties,
    required: Object.keys(properties) as (keyof Words & string)[],
    additionalProperties: false,
  } as const;
}

export const interfaceFile = {
  title: 'Words of the page',
  description:
    "The page's own words around the questions and the other content files: links, buttons, and the names screen " +
    'readers read for parts of the page. {product} becomes the product name.',
  type: 'object',
  properties: {
    $schema: schemaKey('interface'),
    header: wordGroup('The header at the top of every page.', {
      startOver: word('Read by screen readers for the logo, a link back to the first question: {product}: start over.'),
    }),
    footer: wordGroup('The foot of every page.', {
      social: word('Read by screen readers for the list of social links.', 40),
      socialLink: word('Read by screen readers for one social link: {product} on {network}.'),
      legal: word('Read by screen readers for the list of legal links.', 40),
      privacy: word('The link to the privacy policy.', 40),
      terms: word('The link to the terms of use.', 40),
      doNotSell: word('The link to the "Do Not Sell My Information" page.', 60),
      stopContacting: word('The link to the "Stop contacting me" page.', 60),
    }),
    formFooter: wordGroup('Under the questions.', {
      consent: word('Read by screen readers for the consent text on the steps that ask for contact details.', 40),
      signalHonored: word(
        'Shown to a visitor whose browser sends the opt-out preference signal (Global Privacy Control): that it was honored.',
      ),
    }),
    popup: wordGroup('The announcement the home page may show over the first question.', {
      label: word('Read by screen readers for the announcement.', 40),
      close: word('Read by screen readers for the × button that closes it.', 40),
    }),
    testimonials: wordGroup('The controls of the testimonials carousel.', {
      carousel: word('Read by screen readers for what the testimonials are: a carousel.', 40),
      slide: word('Read by screen readers for what each testimonial is: a slide of the carousel.', 40),
      pause: word('Read by screen readers for the button that stops the carousel.', 40),
      play: word('Read by screen readers for the button that starts it again.', 40),
      previous: word('Read by screen readers for the button that shows the previous testimonial.', 40),
      next: word('Read by screen readers for the button that shows the next testimonial.', 40),
      position: word('Read by screen readers for each testimonial: {position} of {count}.', 40),
      dateFormat: word("How a testimonial's date is written: {month} {day}, {year} shows March 14, 2025.", 40),
      months: {
        type: 'array',
        items: word('The name of the month as a date writes it.', 20),
        minItems: 12,
        maxItems: 12,
        description: 'The twelve months, January first, as the dates write them.',
      } as const,
    }),
    notFound: wordGroup('The page shown at an address the site does not have.', {
      title: word("The browser tab's title, followed by the product name.", 60),
      heading: word('The heading of the page.', 120),
      back: word('The button back to the first question.', 40),
    }),
    legalPage: wordGroup('The built-in legal pages (privacy, terms, Do Not Sell, Stop contacting me).', {
      back: word('The link under the text, back to the form.', 60),
    }),
  },
  required: ['$schema', 'header', 'footer', 'formFooter', 'popup', 'testimonials', 'notFound', 'legalPage'],
  additionalProperties: false,
} as const;
export type InterfaceFile = FromSchema<typeof interfaceFile>;

/** Which of the site's legal pages a link opens; the same keys as BUILT_IN_PAGES (contracts/public-config.ts). */
export const LEGAL_PAGES = ['privacy', 'terms', 'doNotSell', 'stopContacting'] as const;

const legalSection = {
  type: 'object',
  properties: {
    heading: { type: 'string', minLength: 1, maxLength: 120, description: 'The heading of this part of the page.' },
    paragraphs: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'string',
        minLength: 1,
        maxLength: 2000,
        description: 'One paragraph of plain text; {product} becomes the product name.',
      },
      description: 'The text under the heading, one paragraph per entry.',
    },
    link: {
      type: 'object',
      description: 'A link under the paragraphs to another of the legal pages (optional).',
      properties: {
        text: {
          type: 'string',
          minLength: 1,
          maxLength: 80,
          description: 'The words of the link, e.g. "Do Not Sell My Information".',
        },
        page: {
          type: 'string',
          enum: LEGAL_PAGES,
          description:
            'The page it opens: privacy, terms, doNotSell or stopContacting (the built-in page, or your own where ' +
            'PRIVACY_URL, TERMS_URL or DO_NOT_SELL_URL names one).',
        },
      },
      required: ['text', 'page'],
      additionalProperties: false,
    },
  },
  required: ['heading', 'paragraphs'],
  additionalProperties: false,
} as const;

const legalTitle = {
  type: 'string',
  minLength: 1,
  maxLength: 80,
  description: 'The heading of the page; the browser tab shows it followed by the product name.',
} as const;

const legalSections = {
  type: 'array',
  minItems: 1,
  items: legalSection,
  description: 'The parts of the page, in the order shown.',
} as const;

/** A legal page of text only: its title and its parts. */
function legalTextFile<Name extends string>(name: Name, title: string, description: string) {
  return {
    title,
    description,
    type: 'object',
    properties: { $schema: schemaKey(name), title: legalTitle, sections: legalSections },
    required: ['$schema', 'title', 'sections'],
    additionalProperties: false,
  } as const;
}

export const privacyFile = legalTextFile(
  'privacy',
  'Privacy policy',
  'The built-in privacy policy at /privacy, shown where PRIVACY_URL is not set. The text shipped is a sample: ' +
    'replace it with your own policy before going live.',
);
export type PrivacyFile = FromSchema<typeof privacyFile>;

export const termsFile = legalTextFile(
  'terms',
  'Terms of use',
  'The built-in terms of use at /terms, shown where TERMS_URL is not set. The text shipped is a sample: replace ' +
    'it with your own terms before going live.',
);
export type TermsFile = FromSchema<typeof termsFile>;

const formText = (description: string, maxLength: number) =>
  ({ type: 'string', minLength: 1, maxLength, description }) as const;

/** The form of a legal page that takes an email address or a phone number; `sent` is what it sends. */
const contactForm = (sent: string) =>
  ({
    type: 'object',
    description: `The ${sent} form under the text.`,
    properties: {
      label: formText('The label of the one field, which takes an email address or a phone number.', 80),
      hint: formText('A line under the label saying what to enter.', 240),
      button: formText(`The words of the button that sends the ${sent}.`, 40),
      confirmation: formText(`What the visitor reads once the ${sent} is recorded.`, 600),
      failed: formText(
        `What the visitor reads when the ${sent} could not be sent (no connection, the server away).`,
        240,
      ),
      errors: {
        type: 'object',
        description:
          'What the field says when what was typed is refused, by the page before sending or by the server ' +
          '(contracts/opt-out.ts checks both).',
        properties: {
          required: formText('When the field is left empty.', 120),
          email: formText('When what was typed has an @ but is not an email address.', 120),
          phone: formText('When what was typed has no @ and is not a US phone number.', 120),
          unexpected: formText('When the request carries a field the form does not have.', 120),
        },
        required: ['required', 'email', 'phone', 'unexpected'],
        additionalProperties: false,
      },
    },
    required: ['label', 'hint', 'button', 'confirmation', 'failed', 'errors'],
    additionalProperties: false,
  }) as const;

export const doNotSellFile = {
  title: 'Do Not Sell My Information',
  description:
    'The built-in "Do Not Sell My Information" page at /do-not-sell, shown where DO_NOT_SELL_URL is not set: its ' +
    'text, then the form that takes an opt-out. The text shipped is a sample: replace it with your own.',
  type: 'object',
  properties: {
    $schema: schemaKey('do-not-sell'),
    title: legalTitle,
    sections: legalSections,
    form: contactForm('opt-out'),
  },
  required: ['$schema', 'title', 'sections', 'form'],
  additionalProperties: false,
} as const;
export type DoNotSellFile = FromSchema<typeof doNotSellFile>;

export const stopContactingFile = {
  title: 'Stop contacting me',
  description:
    'The built-in "Stop contacting me" page at /stop-contacting: its text, then the form that takes a revocation ' +
    'of consent to be contacted about the requests sent with an email address or phone number. The text shipped ' +
    'is a sample: replace it with your own.',
  type: 'object',
  properties: {
    $schema: schemaKey('stop-contacting'),
    title: legalTitle,
    sections: legalSections,
    form: contactForm('revocation'),
  },
  required: ['$schema', 'title', 'sections', 'form'],
  additionalProperties: false,
} as const;
export type StopContactingFile = FromSchema<typeof stopContactingFile>;

export type Logo = FromSchema<typeof logo>;
export type SocialLink = SocialFile['links'][number];
export type LegalSection = FromSchema<typeof legalSection>;

/**
 * Every content file of the page's first script: its name in site/content/ (without .json), its key in the page's
 * content, its schema.
 */
export const CONTENT_FILES = [
  { name: 'how-it-works', key: 'howItWorks', schema: howItWorksFile },
  { name: 'claims', key: 'claims', schema: claimsFile },
  { name: 'featured-in', key: 'featuredIn', schema: featuredInFile },
  { name: 'testimonials', key: 'testimonials', schema: testimonialsFile },
  { name: 'faq', key: 'faq', schema: faqFile },
  { name: 'providers', key: 'providers', schema: providersFile },
  { name: 'lenders', key: 'lenders', schema: lendersFile },
  { name: 'social', key: 'social', schema: socialFile },
  { name: 'footer', key: 'footer', schema: footerFile },
  { name: 'interface', key: 'interface', schema: interfaceFile },
] as const;

/**
 * The legal pages' content files, checked like the others but kept out of the page's first script: the build writes
 * them into a module of their own (.generated/legal-pages.ts), fetched when a legal page opens.
 */
export const LEGAL_CONTENT_FILES = [
  { name: 'privacy', key: 'privacy', schema: privacyFile },
  { name: 'terms', key: 'terms', schema: termsFile },
  { name: 'do-not-sell', key: 'doNotSell', schema: doNotSellFile },
  { name: 'stop-contacting', key: 'stopContacting', schema: stopContactingFile },
] as const;

export const ALL_CONTENT_FILES = [...CONTENT_FILES, ...LEGAL_CONTENT_FILES] as const;
