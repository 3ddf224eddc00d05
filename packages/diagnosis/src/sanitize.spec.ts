import { cleanText } from './sanitize';

describe('cleanText', () => {
  it.each([undefined, null, 42, true, {}, ['a'], () => 'x', Symbol('s')])(
    'turns the non-string %p into an empty string',
    (value) => {
      expect(cleanText(value)).toBe('');
    },
  );

  it('keeps plain text and trims it', () => {
    expect(cleanText('  Pain started after gardening.\n ')).toBe('Pain started after gardening.');
  });

  it('strips tags but keeps the words between them', () => {
    expect(cleanText('<p>My <b>thumb</b> hurts</p>')).toBe('My thumb hurts');
    expect(cleanText('<img src=x onerror="alert(1)">left wrist')).toBe('left wrist');
  });

  it('removes script and style elements with their contents', () => {
    expect(cleanText('a<script>alert("x")</script>b')).toBe('ab');
    expect(cleanText('a<SCRIPT type="text/javascript">evil()</SCRIPT >b')).toBe('ab');
    expect(cleanText('a<style>body{display:none}</style>b')).toBe('ab');
    expect(cleanText('keep<iframe src="x">inner</iframe>this')).toBe('keepthis');
  });

  it('drops an unclosed script to the end, as a browser would', () => {
    expect(cleanText('fine text <script>steal()')).toBe('fine text');
  });

  it('removes comments, declarations and processing instructions', () => {
    expect(cleanText('a<!-- hidden -->b<!DOCTYPE html>c<?xml version="1.0"?>d')).toBe('abcd');
    expect(cleanText('visible<!-- never closed')).toBe('visible');
  });

  it('treats a quoted ">" inside an attribute as part of the tag', () => {
    expect(cleanText('<a title="x>y" href="#">link</a>')).toBe('link');
    expect(cleanText("<a title='x>y'>link</a>")).toBe('link');
  });

  it('removes a tag cut off by the end of the text', () => {
    expect(cleanText('ok <img src=x onerror=alert(1)')).toBe('ok');
  });

  it('repeats until fragments cannot be joined into new tags', () => {
    // A browser reads '<scr<b>' as one (odd) tag too, leaving only text behind.
    expect(cleanText('<scr<b></b>ipt>alert(1)</script>')).toBe('ipt>alert(1)');
    // The rejoined script element is removed with its contents on the next pass.
    expect(cleanText('<<b></b>script>x<</b>/script>')).toBe('');
    expect(cleanText('<<script></script>script>alert(1)<</script>/script>')).not.toContain('<');
  });

  it('keeps angle brackets that cannot open a tag', () => {
    expect(cleanText('pain < 3 at rest, > 7 at night')).toBe('pain < 3 at rest, > 7 at night');
  });

  it('leaves entities encoded so that nothing decodes into markup', () => {
    expect(cleanText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt;',
    );
  });

  it('removes control characters but keeps line breaks and tabs', () => {
    expect(cleanText('a\u0000b\u0007c\u007F\nd\te')).toBe('abc\nd\te');
    expect(cleanText('<scr\u0000ipt>x</script>')).toBe('');
  });

  it('cuts to the maximum length after cleaning and trimming', () => {
    expect(cleanText('<b>abcdef</b>', 3)).toBe('abc');
    expect(cleanText('  ab cd', 3)).toBe('ab ');
    expect(cleanText('abc', 10)).toBe('abc');
    expect(cleanText('abc', 0)).toBe('');
    expect(cleanText('abc', -5)).toBe('');
    expect(cleanText('abc', 2.9)).toBe('ab');
  });

  it('ignores a maximum that is not a finite number', () => {
    expect(cleanText('abc', Number.NaN)).toBe('abc');
    expect(cleanText('abc', Number.POSITIVE_INFINITY)).toBe('abc');
  });

  it('never splits a surrogate pair when cutting', () => {
    expect(cleanText('ab\u{1F44D}', 3)).toBe('ab');
    expect(cleanText('ab\u{1F44D}', 4)).toBe('ab\u{1F44D}');
  });
});
