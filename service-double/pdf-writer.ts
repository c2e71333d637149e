import { createHash } from 'node:crypto';

/**
 * One indirect object, numbered by its position (the first is 1 0 obj). `value` is its PDF text,
 * e.g. '<< /Type /Page … >>'; with `stream`, `value` is the stream's dictionary and the writer adds
 * its /Length. Text is Latin-1: one character, one byte.
 */
export interface PdfObject {
  value: string;
  stream?: string;
}

export interface PdfOptions {
  /** Object number of the catalog. */
  root: number;
  /**
   * Standard security handler, revision 3 (128-bit RC4): a reader must ask for the user password.
   * Only streams are encrypted, so an encrypted document keeps its strings out of dictionaries.
   */
  encrypt?: { userPassword: string; ownerPassword: string };
}

/** A complete PDF with a correct cross-reference table, byte for byte the same on every call. */
export function writePdf(objects: readonly PdfObject[], options: PdfOptions): Uint8Array {
  const id = createHash('md5')
    .update(objects.map((object) => object.value + (object.stream ?? '')).join('\n'))
    .digest();
  const security = options.encrypt && standardSecurity(options.encrypt, id);
  const all = security ? [...objects, { value: security.dictionary }] : objects;
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  const push = (part: Buffer) => {
    parts.push(part);
    length += part.length;
  };
  all.forEach((object, index) => {
    const number = index + 1;
    offsets.push(length);
    if (object.stream === undefined) {
      push(Buffer.from(`${number} 0 obj\n${object.value}\nendobj\n`, 'latin1'));
      return;
    }
    let data: Buffer = Buffer.from(object.stream, 'latin1');
    // The security dictionary itself is never encrypted; it is the last object.
    if (security && number !== all.length) data = rc4(security.objectKey(number), data);
    const dictionary = object.value.replace(/>>\s*$/, `/Length ${data.length} >>`);
    push(Buffer.from(`${number} 0 obj\n${dictionary}\nstream\n`, 'latin1'));
    push(data);
    push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  });
  const hexId = id.toString('hex');
  const trailer = [
    `/Size ${all.length + 1}`,
    `/Root ${options.root} 0 R`,
    security ? `/Encrypt ${all.length} 0 R` : '',
    `/ID [<${hexId}> <${hexId}>]`,
  ]
    .filter(Boolean)
    .join(' ');
  const xref =
    `xref\n0 ${all.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< ${trailer} >>\nstartxref\n${length}\n%%EOF\n`;
  push(Buffer.from(xref, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

/** A PDF literal string: backslash and parentheses escaped, anything outside ASCII replaced. */
export function pdfString(text: string): string {
  return `(${text.replace(/[^ -~\n]/g, '?').replace(/[()\\]/g, '\\$&')})`;
}

// PDF 1.7 (ISO 32000-1) 7.6.3.3: the padding that fills every password to 32 bytes.
const PADDING = Buffer.from(
  '28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a',
  'hex',
);
const PERMISSIONS = -4;

function standardSecurity(
  { userPassword, ownerPassword }: { userPassword: string; ownerPassword: string },
  id: Buffer,
): { dictionary: string; objectKey: (number: number) => Buffer } {
  // Algorithm 3: the owner entry.
  let ownerHash = md5(pad(ownerPassword));
  for (let i = 0; i < 50; i++) ownerHash = md5(ownerHash);
  const owner = rc4Rounds(ownerHash, pad(userPassword));
  // Algorithm 2: the file key.
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(PERMISSIONS);
  let key = md5(pad(userPassword), owner, permissions, id);
  for (let i = 0; i < 50; i++) key = md5(key);
  // Algorithm 5: the user entry (16 bytes that prove the password, 16 of padding).
  const user = Buffer.concat([rc4Rounds(key, md5(PADDING, id)), Buffer.alloc(16)]);
  return {
    dictionary: `<< /Filter /Standard /V 2 /R 3 /Length 128 /P ${PERMISSIONS} /O <${owner.toString('hex')}> /U <${user.toString('hex')}> >>`,
    // Algorithm 1: one key per object (generation 0).
    objectKey: (number) =>
      md5(key, Buffer.from([number & 0xff, (number >> 8) & 0xff, (number >> 16) & 0xff, 0, 0])),
  };
}

function pad(password: string): Buffer {
  return Buffer.concat([Buffer.from(password, 'latin1'), PADDING]).subarray(0, 32);
}

function md5(...parts: Buffer[]): Buffer {
  const hash = createHash('md5');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

/** RC4 with the key, then 19 more times with the key's bytes XORed with 1…19 (revision 3). */
function rc4Rounds(key: Buffer, data: Buffer): Buffer {
  let out = rc4(key, data);
  for (let round = 1; round <= 19; round++) {
    out = rc4(Buffer.from(key.map((byte) => byte ^ round)), out);
  }
  return out;
}

// Node's OpenSSL 3 leaves RC4 to its legacy provider, so the few lines are written out here.
function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[k] = data[k]! ^ s[(s[i]! + s[j]!) & 0xff]!;
  }
  return out;
}
