import { describe, expect, it } from 'vitest';
import { classesInMarkup, firstScreenCss, requiredClasses } from './first-screen-css.ts';

describe('requiredClasses', () => {
  it('reads escaped Tailwind class names and ignores classes under :not()/:where() or in attribute values', () => {
    expect(requiredClasses('.sm\\:px-4')).toEqual(['sm:px-4']);
    expect(requiredClasses('.aspect-\\[3\\/1\\]')).toEqual(['aspect-[3/1]']);
    expect(requiredClasses('.\\[\\&\\:\\:-webkit-scrollbar\\]\\:hidden::-webkit-scrollbar')).toEqual(['[&::-webkit-scrollbar]:hidden']);
    expect(requiredClasses('.\\31 0\\/1')).toEqual(['10/1']);
    expect(requiredClasses('.group:hover .group-hover\\:underline')).toEqual(['group', 'group-hover:underline']);
    expect(requiredClasses('.a:not(.b)')).toEqual(['a']);
    expect(requiredClasses(':where(.space-y-4>:not(:last-child))')).toEqual(['space-y-4']);
    expect(requiredClasses(':is(.a,.b) .c')).toEqual(['c']);
    expect(requiredClasses('.p:has(.q)')).toEqual(['p']);
    expect(requiredClasses('a[href$=".pdf"].x')).toEqual(['x']);
    expect(requiredClasses('*,:before')).toEqual([]);
  });
});

describe('classesInMarkup', () => {
  it('collects the class attributes, entities decoded', () => {
    expect([...classesInMarkup('<div class="a  b"><p class="[&amp;::x]:hidden a"></p><i data-class="no"></i></div>')]).toEqual([
      'a',
      'b',
      '[&::x]:hidden',
    ]);
  });
});

describe('firstScreenCss', () => {
  const css = [
    '/*! banner */@layer theme,base,utilities;',
    '@layer theme{:root,:host{--color-red:#f00;--color-blue:#00f;--spacing:.25rem;--font:var(--font-sans);--font-sans:Noto}}',
    '@layer base{*,:before{box-sizing:border-box;margin:0}html{font-family:var(--font)}}',
    '@layer utilities{.p-2{padding:calc(var(--spacing)*2)}.text-red{color:var(--color-red)}.text-blue{color:var(--color-blue)}',
    '.hover\\:text-blue:hover{color:var(--color-blue)}.a,.b{border-style:var(--tw-border-style)}',
    '@media (width>=40rem){.sm\\:p-2{padding:1rem}.lg-only{display:none}}.x:not(.unused){content:"}{"}}',
    '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}@property --tw-unused{syntax:"*";inherits:false}',
    '@font-face{font-family:Noto;src:url(/f.woff2)}',
    '@keyframes spin{to{transform:rotate(360deg)}}',
  ].join('');

  it('keeps the rules the markup can use, with the custom properties they read, and nothing else', () => {
    const sheet = firstScreenCss(css);
    expect(sheet.pruning).toBe(true);
    const out = sheet.forMarkup('<div class="p-2 text-red b x sm:p-2"></div>');
    expect(out).toBe(
      [
        '@layer theme,base,utilities;',
        '@layer theme{:root,:host{--color-red:#f00;--spacing:.25rem;--font:var(--font-sans);--font-sans:Noto}}',
        '@layer base{*,:before{box-sizing:border-box;margin:0}html{font-family:var(--font)}}',
        '@layer utilities{.p-2{padding:calc(var(--spacing)*2)}.text-red{color:var(--color-red)}.b{border-style:var(--tw-border-style)}',
        '@media (width>=40rem){.sm\\:p-2{padding:1rem}}.x:not(.unused){content:"}{"}}',
        '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}',
        '@font-face{font-family:Noto;src:url(/f.woff2)}',
        '@keyframes spin{to{transform:rotate(360deg)}}',
      ].join(''),
    );
    // The same set of classes gives the same (cached) text; a hover class brings its rule and colour.
    expect(sheet.forMarkup('<p class="x sm:p-2 b text-red p-2"></p>')).toBe(out);
    expect(sheet.forMarkup('<p class="hover:text-blue"></p>')).toContain('.hover\\:text-blue:hover{color:var(--color-blue)}');
    expect(sheet.forMarkup('<p class="hover:text-blue"></p>')).toContain('--color-blue:#00f');
  });

  it('keeps the whole stylesheet when it cannot parse it', () => {
    const broken = '.a{color:red}.b{color:blue';
    const sheet = firstScreenCss(broken);
    expect(sheet.pruning).toBe(false);
    expect(sheet.forMarkup('<div class="a"></div>')).toBe(broken);
  });
});
