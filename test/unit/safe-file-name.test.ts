import { describe, expect, it } from 'vitest';
import {
  revealHiddenCharacters,
  MAX_FILE_NAME_BYTES,
  isReservedDeviceName,
  splitExtension,
  toSafeFileName,
  truncateUtf8,
  uniqueEntryNames,
  utf8ByteLength,
} from '../../src/lib/safe-file-name';

const bytes = (text: string): number => new TextEncoder().encode(text).length;

/** Every invariant the module promises, checked on every result. */
function expectSafe(name: string): void {
  expect(name).not.toBe('');
  expect(name).not.toMatch(/[/\\<>:"|?*]/);
  for (const char of name) {
    const code = char.codePointAt(0) ?? 0;
    expect(code <= 0x1f || (code >= 0x7f && code <= 0x9f)).toBe(false);
    expect(code >= 0xd800 && code <= 0xdfff).toBe(false);
  }
  expect(name).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  expect(name).not.toMatch(/^[.\s]/);
  expect(name).not.toMatch(/[.\s]$/);
  expect(name).toBe(name.normalize('NFC'));
  expect(bytes(name)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
  expect(isReservedDeviceName(name)).toBe(false);
}

function safe(fileName: string, docId = 'DOC-1'): string {
  const result = toSafeFileName(fileName, docId);
  expectSafe(result);
  return result;
}

describe('toSafeFileName', () => {
  describe('ordinary names pass through unchanged', () => {
    it.each([
      'report.pdf',
      'Quarterly Report (final).docx',
      'photo 2024-01-01 12.30.jpg',
      'archive.tar.gz',
      'résumé.pdf',
      '契約書.pdf',
      'emoji 👍🏽 notes.txt',
      'no-extension',
      'a',
    ])('%s', (name) => {
      expect(safe(name)).toBe(name);
    });
  });

  describe('path traversal and separators', () => {
    it('keeps ../../etc/passwd recognisable instead of reducing it to passwd', () => {
      expect(safe('../../etc/passwd')).toBe('_.._etc_passwd');
    });

    it('handles Windows-style traversal', () => {
      expect(safe('..\\..\\Windows\\System32\\drivers\\etc\\hosts')).toBe(
        '_.._Windows_System32_drivers_etc_hosts',
      );
    });

    it('neutralises absolute POSIX paths', () => {
      expect(safe('/etc/shadow')).toBe('_etc_shadow');
    });

    it('neutralises drive-letter paths', () => {
      expect(safe('C:\\Users\\me\\evil.exe')).toBe('C__Users_me_evil.exe');
    });

    it('neutralises UNC paths', () => {
      expect(safe('\\\\server\\share\\x.txt')).toBe('__server_share_x.txt');
    });

    it('neutralises mixed separators', () => {
      expect(safe('a/b\\c.txt')).toBe('a_b_c.txt');
    });

    it('treats a bare .. as empty', () => {
      expect(safe('..', 'X1')).toBe('attachment-X1');
    });

    it('does not let a name consist of dot segments only', () => {
      expect(safe('./.', 'X1')).toBe('_');
    });
  });

  describe('characters invalid on Windows', () => {
    it.each([
      ['a<b>.txt', 'a_b_.txt'],
      ['what?.txt', 'what_.txt'],
      ['star*.txt', 'star_.txt'],
      ['pipe|name.txt', 'pipe_name.txt'],
      ['quote"d.txt', 'quote_d.txt'],
      ['file.txt:Zone.Identifier', 'file.txt_Zone.Identifier'],
    ])('%s -> %s', (input, expected) => {
      expect(safe(input)).toBe(expected);
    });
  });

  describe('control characters', () => {
    it('replaces NUL so an extension cannot be hidden after it', () => {
      expect(safe('evil.exe\u0000.pdf')).toBe('evil.exe_.pdf');
    });

    it('replaces newlines and tabs', () => {
      expect(safe('line\r\nbreak\t.txt')).toBe('line__break_.txt');
    });

    it('replaces DEL and C1 controls', () => {
      expect(safe('a\u007Fb\u0085c\u009F.txt')).toBe('a_b_c_.txt');
    });

    it('replaces every C0 control', () => {
      const all = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)).join('');
      expect(safe(`x${all}y`)).toBe(`x${'_'.repeat(0x20)}y`);
    });
  });

  describe('bidi and Unicode', () => {
    it('removes the right-to-left override that disguises extensions', () => {
      expect(safe('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    });

    it('removes every embedding, override and isolate character', () => {
      const controls = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069';
      expect(safe(`a${controls}b.txt`)).toBe('ab.txt');
    });

    it('normalises to NFC', () => {
      expect(safe('re\u0301sume\u0301.pdf')).toBe('r\u00e9sum\u00e9.pdf');
    });

    it('normalises after removing bidi characters between a letter and its accent', () => {
      expect(safe('e\u202E\u0301.txt')).toBe('\u00e9.txt');
    });

    it('replaces unpaired surrogates', () => {
      expect(safe('a\uD800b\uDC00c.txt')).toBe('a_b_c.txt');
    });

    it('keeps valid surrogate pairs', () => {
      expect(safe('😀.png')).toBe('😀.png');
    });
  });

  describe('leading and trailing dots and spaces', () => {
    it.each([
      ['.bashrc', 'bashrc'],
      ['...hidden.txt', 'hidden.txt'],
      ['  spaced.txt', 'spaced.txt'],
      ['trailing.', 'trailing'],
      ['trailing...', 'trailing'],
      ['trailing   ', 'trailing'],
      ['mixed. . .', 'mixed'],
      [' . name . ', 'name'],
      ['\u00a0nbsp\u3000', 'nbsp'],
    ])('%j -> %j', (input, expected) => {
      expect(safe(input)).toBe(expected);
    });
  });

  describe('Windows reserved device names', () => {
    it.each([
      ['CON', '_CON'],
      ['con', '_con'],
      ['con.txt', '_con.txt'],
      ['PRN.pdf', '_PRN.pdf'],
      ['aux', '_aux'],
      ['NUL.tar.gz', '_NUL.tar.gz'],
      ['Com1', '_Com1'],
      ['COM9.log', '_COM9.log'],
      ['lpt1', '_lpt1'],
      ['LPT9.txt', '_LPT9.txt'],
      ['CON .txt', '_CON .txt'],
      ['COM¹.txt', '_COM¹.txt'],
      ['conin$', '_conin$'],
    ])('%s -> %s', (input, expected) => {
      expect(safe(input)).toBe(expected);
    });

    it.each(['CONSOLE.txt', 'com10.txt', 'lpt.txt', 'my con.txt', 'nul-report.pdf', 'auxiliary'])(
      'leaves lookalike %s alone',
      (name) => {
        expect(safe(name)).toBe(name);
      },
    );

    it('detects a device name that only appears after trimming', () => {
      expect(safe('  ..nul..  ')).toBe('_nul');
    });

    it('detects a device name exposed by truncation', () => {
      // Cutting at 200 bytes leaves "CON" plus spaces, which are then trimmed.
      expect(safe(`CON${' '.repeat(300)}x`)).toBe('_CON');
    });
  });

  describe('empty names fall back to the document id', () => {
    it.each(['', '   ', '...', '. . .', '\u202E', ' \u202E. '])('%j', (name) => {
      expect(safe(name, 'DOC-42')).toBe('attachment-DOC-42');
    });

    it('cleans the document id with the same character rules', () => {
      expect(safe('', '../id/7:\u0000x')).toBe('attachment-_id_7__x');
    });

    it('drops trailing dots from the document id', () => {
      expect(safe('', 'abc...')).toBe('attachment-abc');
    });

    it('uses a bare "attachment" when the id is empty too', () => {
      expect(safe('', '')).toBe('attachment');
      expect(safe('..', ' . ')).toBe('attachment');
    });

    it('keeps a very long document id within the byte limit', () => {
      expect(bytes(safe('', 'x'.repeat(500)))).toBe(MAX_FILE_NAME_BYTES);
    });
  });

  describe('length limit in UTF-8 bytes', () => {
    it('keeps a short extension of a 300-character name', () => {
      const result = safe(`${'a'.repeat(300)}.pdf`);
      expect(result).toBe(`${'a'.repeat(196)}.pdf`);
      expect(bytes(result)).toBe(200);
    });

    it('keeps a name of exactly 200 bytes unchanged', () => {
      const name = `${'b'.repeat(196)}.txt`;
      expect(safe(name)).toBe(name);
    });

    it('keeps an extension of exactly 16 bytes', () => {
      const ext = `.${'e'.repeat(15)}`;
      expect(safe(`${'a'.repeat(300)}${ext}`).endsWith(ext)).toBe(true);
    });

    it('does not preserve an extension longer than 16 bytes', () => {
      const result = safe(`${'a'.repeat(300)}.${'e'.repeat(16)}`);
      expect(result).toBe('a'.repeat(200));
    });

    it('counts bytes, not UTF-16 code units (3-byte characters)', () => {
      const result = safe(`${'漢'.repeat(100)}.pdf`);
      expect(result).toBe(`${'漢'.repeat(65)}.pdf`);
      expect(bytes(result)).toBe(199);
    });

    it('never splits a surrogate pair (4-byte characters)', () => {
      const result = safe('😀'.repeat(80));
      expect(result).toBe('😀'.repeat(50));
      expect(bytes(result)).toBe(200);
    });

    it('does not tear an emoji ZWJ sequence or skin tone apart', () => {
      const family = '👨‍👩‍👧‍👦'; // 25 bytes
      const result = safe(`${family.repeat(10)}.png`);
      expect(result).toBe(`${family.repeat(7)}.png`);
    });

    it('does not separate a letter from its combining accent', () => {
      // NFC makes each cluster "é" + U+0302 (4 bytes); only one fits after the 195 "a"s.
      const cluster = 'e\u0301\u0302';
      const result = safe(`${'a'.repeat(195)}${cluster}${cluster}`);
      expect(result).toBe(`${'a'.repeat(195)}${cluster.normalize('NFC')}`);
    });

    it('falls back to code points for a single enormous grapheme cluster', () => {
      const zalgo = `a${'\u0301\u0316'.repeat(200)}`;
      const result = safe(zalgo);
      expect(bytes(result)).toBeLessThanOrEqual(200);
      expect(result.startsWith('\u00e1')).toBe(true);
    });

    it('trims trailing dots and spaces exposed by truncation', () => {
      expect(safe(`${'a'.repeat(198)}  ${'b'.repeat(100)}`)).toBe('a'.repeat(198));
    });

    it('keeps the limit after adding the device-name prefix', () => {
      const result = safe(`con.${'x'.repeat(300)}`);
      expect(result.startsWith('_con.')).toBe(true);
      expect(bytes(result)).toBe(200);
    });
  });

  describe('hostile inputs of every kind keep all invariants', () => {
    const hostile = [
      '../../../../../../../../etc/passwd',
      '....//....//etc/passwd',
      '..%2f..%2fetc%2fpasswd',
      '%2e%2e%2f',
      'C:',
      'C:.',
      '\\\\?\\C:\\Windows',
      '\\\\.\\PhysicalDrive0',
      '~/.ssh/authorized_keys',
      'file:///etc/passwd',
      'javascript:alert(1)',
      '<script>alert(1)</script>.html',
      'a'.repeat(10_000),
      `${'.'.repeat(100)}${' '.repeat(100)}`,
      '\u202Egnp.exe',
      '\uFEFFbom.txt',
      '\uD83D',
      '\uDE00\uD83D',
      'x\u0000',
      `${'é'.repeat(150)}.docx`,
      'nul',
      'COM1.',
      'LPT1 ',
      'CoM3.tXt',
      `${'a'.repeat(199)}.`,
    ];
    it.each(hostile.map((name, index) => ({ index, name })))('case $index', ({ name }) => {
      safe(name, '../DOC\u202E/..');
    });
  });
});

describe('helpers', () => {
  it('utf8ByteLength agrees with TextEncoder', () => {
    for (const text of [
      '',
      'abc',
      'é',
      '漢',
      '😀',
      'a\u0301',
      '👨‍👩‍👧‍👦',
      '\u0080',
      '\u07FF',
      '\u0800',
    ]) {
      expect(utf8ByteLength(text)).toBe(bytes(text));
    }
  });

  it('truncateUtf8 returns the whole string when it fits and empty for no budget', () => {
    expect(truncateUtf8('hello', 5)).toBe('hello');
    expect(truncateUtf8('hello', 0)).toBe('');
    expect(truncateUtf8('漢字', 5)).toBe('漢');
  });

  it('splitExtension only recognises a short final extension with a non-empty stem', () => {
    expect(splitExtension('archive.tar.gz')).toEqual({ stem: 'archive.tar', extension: '.gz' });
    expect(splitExtension('README')).toEqual({ stem: 'README', extension: '' });
    expect(splitExtension('.gitignore')).toEqual({ stem: '.gitignore', extension: '' });
    expect(splitExtension(`x.${'y'.repeat(16)}`).extension).toBe('');
  });
});

describe('uniqueEntryNames', () => {
  it('leaves distinct names alone', () => {
    expect(uniqueEntryNames(['a.pdf', 'b.pdf', 'c'])).toEqual(['a.pdf', 'b.pdf', 'c']);
  });

  it('numbers repeats before the extension', () => {
    expect(uniqueEntryNames(['report.pdf', 'report.pdf', 'report.pdf'])).toEqual([
      'report.pdf',
      'report (2).pdf',
      'report (3).pdf',
    ]);
  });

  it('treats names differing only in case as repeats', () => {
    expect(uniqueEntryNames(['Report.PDF', 'report.pdf', 'REPORT.pdf'])).toEqual([
      'Report.PDF',
      'report (2).pdf',
      'REPORT (3).pdf',
    ]);
  });

  it('treats NFC and NFD spellings as repeats', () => {
    expect(uniqueEntryNames(['r\u00e9sum\u00e9.pdf', 're\u0301sume\u0301.pdf'])).toEqual([
      'r\u00e9sum\u00e9.pdf',
      're\u0301sume\u0301 (2).pdf',
    ]);
  });

  it('does not generate a name that a later original already uses', () => {
    expect(uniqueEntryNames(['a.pdf', 'a.pdf', 'a (2).pdf'])).toEqual([
      'a.pdf',
      'a (3).pdf',
      'a (2).pdf',
    ]);
  });

  it('does not generate a name that an earlier original already uses', () => {
    expect(uniqueEntryNames(['a (2).pdf', 'a.pdf', 'a.pdf'])).toEqual([
      'a (2).pdf',
      'a.pdf',
      'a (3).pdf',
    ]);
  });

  it('avoids a case-insensitive clash with a later original', () => {
    expect(uniqueEntryNames(['x.txt', 'x.txt', 'X (2).TXT'])).toEqual([
      'x.txt',
      'x (3).txt',
      'X (2).TXT',
    ]);
  });

  it('numbers names without an extension at the end', () => {
    expect(uniqueEntryNames(['README', 'README'])).toEqual(['README', 'README (2)']);
  });

  it('treats only the last part of a double extension as the extension', () => {
    expect(uniqueEntryNames(['archive.tar.gz', 'archive.tar.gz'])).toEqual([
      'archive.tar.gz',
      'archive.tar (2).gz',
    ]);
  });

  it('keeps numbered names within the byte limit', () => {
    const long = `${'a'.repeat(196)}.pdf`;
    const result = uniqueEntryNames([long, long, long]);
    expect(result[1]).toBe(`${'a'.repeat(192)} (2).pdf`);
    for (const name of result) expect(bytes(name)).toBeLessThanOrEqual(200);
    expect(new Set(result).size).toBe(3);
  });

  it('produces pairwise distinct names for many repeats', () => {
    const input = Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? 'doc.pdf' : 'DOC.PDF'));
    const result = uniqueEntryNames(input);
    expect(new Set(result.map((name) => name.toLowerCase())).size).toBe(50);
    expect(result[49]).toBe('DOC (50).PDF');
  });

  it('returns an empty list for no names', () => {
    expect(uniqueEntryNames([])).toEqual([]);
  });
});

describe('revealHiddenCharacters', () => {
  it('shows every bidi formatting character as U+FFFD and leaves the rest as it came', () => {
    expect(revealHiddenCharacters('invoice\u202Efdp.exe')).toBe('invoice\uFFFDfdp.exe');
    expect(revealHiddenCharacters('\u2066a\u2069\u200E\u200F\u061C../b')).toBe(
      '\uFFFDa\uFFFD\uFFFD\uFFFD\uFFFD../b',
    );
    expect(revealHiddenCharacters('تقرير.pdf')).toBe('تقرير.pdf');
  });

  it('shows control characters as U+FFFD: a line break or a bell is not read out unseen', () => {
    expect(revealHiddenCharacters('report\n2026.pdf')).toBe('report\uFFFD2026.pdf');
    expect(revealHiddenCharacters('a\u0000b\u0007c\u007Fd\u009Fe.txt')).toBe(
      'a\uFFFDb\uFFFDc\uFFFDd\uFFFDe.txt',
    );
    expect(revealHiddenCharacters('tab\tname.txt')).toBe('tab\uFFFDname.txt');
  });
});
