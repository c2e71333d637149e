import { describe, expect, it } from 'vitest';
import { entryScripts, staticImports } from '../budget/measure-first-load';

describe('the first load read from index.html', () => {
  it('counts what the page loads, preloads or prefetches, and the UI code listed for the start-up', () => {
    const html = `<!doctype html><html><head>
      <link rel="icon" href="/favicon-64.png" sizes="64x64" type="image/png" />
      <link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous" />
      <script type="module" crossorigin src="/assets/index-a.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/http-b.js">
      <link rel="stylesheet" crossorigin href="/assets/index-c.css">
      <link rel="prefetch" href="/assets/later-d.js">
      <link rel="preload" as="style" href="/assets/font-e.css">
      <link rel="preconnect" href="https://api.example.com">
      <script src="https://cdn.example.com/outside.js"></script>
      <script type="application/json" id="ui-code-files">["/assets/start-f.js","/assets/http-b.js"]</script>
    </head><body><div id="root"></div></body></html>`;

    expect(entryScripts(html)).toEqual([
      'assets/index-a.js',
      'assets/http-b.js',
      'assets/index-c.css',
      'assets/later-d.js',
      'assets/font-e.css',
      'assets/start-f.js',
    ]);
  });

  it('follows static imports and re-exports but not lazy import()', () => {
    const code = `import{a as b}from"./http-b.js";import"./side-effect.js";export*from"./all.js";const c=()=>import("./lazy.js");export{d}from"./named.js";`;

    expect(staticImports(code)).toEqual([
      './http-b.js',
      './side-effect.js',
      './all.js',
      './named.js',
    ]);
  });
});
