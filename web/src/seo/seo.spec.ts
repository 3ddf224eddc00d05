import { pageJsonLd } from './jsonLd';
import { buildHeadHtml } from './head';
import { absoluteUrl, fullTitle, type PageMeta } from './meta';
import { metaTags, serialiseJsonLd } from './metaTags';

const ORIGIN = 'https://handcheck.example/';

const condition: PageMeta = {
  title: 'Carpal Tunnel Syndrome: Symptoms & Treatment',
  description: 'Numb, tingling fingers at night? Learn about carpal tunnel syndrome.',
  path: '/conditions/carpal-tunnel-syndrome',
  ogType: 'article',
  breadcrumbs: [
    { name: 'Home', path: '/' },
    { name: 'Wrist Conditions', path: '/wrist-conditions' },
    { name: 'Carpal Tunnel Syndrome', path: '/conditions/carpal-tunnel-syndrome' },
  ],
  faqs: [{ question: 'Is it serious?', answer: 'Usually not, but see a doctor.' }],
  medical: {
    name: 'Carpal Tunnel Syndrome',
    lastReviewed: '2024-12-01',
    symptoms: ['Numbness'],
    treatments: ['Wrist splint'],
  },
};

describe('page head', () => {
  it('adds the brand suffix once', () => {
    expect(fullTitle('About HandCheck')).toBe('About HandCheck | HandCheck');
    expect(fullTitle('HandCheck')).toBe('HandCheck');
  });

  it('builds absolute URLs from an origin with or without a trailing slash', () => {
    expect(absoluteUrl(ORIGIN, '/faq')).toBe('https://handcheck.example/faq');
    expect(absoluteUrl('http://localhost:8080', '/')).toBe('http://localhost:8080/');
  });

  it('writes title, description, canonical, Open Graph and Twitter tags', () => {
    const html = buildHeadHtml(condition, ORIGIN);
    expect(html).toContain(
      '<title>Carpal Tunnel Syndrome: Symptoms &amp; Treatment | HandCheck</title>',
    );
    expect(html).toContain(
      '<meta name="description" content="Numb, tingling fingers at night? Learn about carpal tunnel syndrome." />',
    );
    expect(html).toContain(
      '<link rel="canonical" href="https://handcheck.example/conditions/carpal-tunnel-syndrome" />',
    );
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain(
      '<meta property="og:url" content="https://handcheck.example/conditions/carpal-tunnel-syndrome" />',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).toContain('<meta name="robots" content="index, follow" />');
  });

  it('marks noindex pages', () => {
    const tags = metaTags({ ...condition, noindex: true }, ORIGIN);
    expect(tags.find((tag) => tag.id === 'robots')?.content).toBe('noindex, nofollow');
  });

  it('escapes markup in attribute values', () => {
    const html = buildHeadHtml(
      { ...condition, description: 'A "quoted" <b>bold</b> claim' },
      ORIGIN,
    );
    expect(html).toContain('content="A &quot;quoted&quot; &lt;b&gt;bold&lt;/b&gt; claim"');
  });
});

describe('structured data', () => {
  it('emits BreadcrumbList, FAQPage and MedicalWebPage for a condition guide', () => {
    const blocks = pageJsonLd(condition, ORIGIN);
    expect(blocks.map((block) => block['@type'])).toEqual([
      'BreadcrumbList',
      'FAQPage',
      'MedicalWebPage',
    ]);
    expect(blocks[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://handcheck.example/' },
        {
          '@type': 'ListItem',
          position: 2,
          name: 'Wrist Conditions',
          item: 'https://handcheck.example/wrist-conditions',
        },
        {
          '@type': 'ListItem',
          position: 3,
          name: 'Carpal Tunnel Syndrome',
          item: 'https://handcheck.example/conditions/carpal-tunnel-syndrome',
        },
      ],
    });
    expect(blocks[1]).toMatchObject({
      mainEntity: [
        {
          '@type': 'Question',
          name: 'Is it serious?',
          acceptedAnswer: { '@type': 'Answer', text: 'Usually not, but see a doctor.' },
        },
      ],
    });
    expect(blocks[2]).toMatchObject({
      lastReviewed: '2024-12-01',
      about: { '@type': 'MedicalCondition', name: 'Carpal Tunnel Syndrome' },
    });
  });

  it('claims no review in structured data while none covers the text', () => {
    const blocks = pageJsonLd(
      {
        ...condition,
        medical: { ...condition.medical!, lastReviewed: undefined, lastUpdated: '2026-11-26' },
      },
      ORIGIN,
    );
    const page = blocks[blocks.length - 1];
    expect(page['@type']).toBe('MedicalWebPage');
    expect(page).not.toHaveProperty('lastReviewed');
    expect(page).toMatchObject({ dateModified: '2026-11-26' });
  });

  it('emits only the breadcrumb for a plain page', () => {
    const blocks = pageJsonLd(
      {
        title: 'About',
        description: 'd',
        path: '/about',
        breadcrumbs: [{ name: 'Home', path: '/' }],
      },
      ORIGIN,
    );
    expect(blocks.map((block) => block['@type'])).toEqual(['BreadcrumbList']);
  });

  it('can never close its script element early', () => {
    const text = serialiseJsonLd({ name: '</script><script>alert(1)</script> & \u2028' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script> & \u2028' });
  });
});
