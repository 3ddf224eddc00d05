import {
  type DescField,
  type DescMessage,
  type MessageShape,
  ScalarType,
} from '@bufbuild/protobuf';

/**
 * A message's wire bytes exactly as `toBinary` writes them (a spec holds it on every field of
 * the analytics batch), for about half its CPU (`npm run bench:event-writer`): `toBinary` grows
 * and copies a fresh 128-byte buffer per call and copies it again to finish, where this writes
 * into one reused scratch buffer and copies out once. Compiled from the schema, so a field
 * added to the contract needs no change here; field kinds the analytics batch does not use
 * (maps, scalar lists, enums, bytes, 32-bit signed and floating-point numbers, groups) are refused
 * when compiled, at startup.
 */
export function compileMessageWriter<Desc extends DescMessage>(
  schema: Desc,
): (message: MessageShape<Desc>) => Buffer {
  const write = compileWriters(schema);
  return (message) => {
    scratch.pos = 0;
    write(scratch, message as unknown as Fields);
    return Buffer.from(scratch.bytes.subarray(0, scratch.pos));
  };
}

type Fields = Record<string, unknown> & {
  $unknown?: { no: number; wireType: number; data: Uint8Array }[];
};
type Write = (out: Scratch, message: Fields) => void;

const LENGTH_DELIMITED = 2;
const VARINT = 0;
/** Proto3's implicit presence: a field is written unless it holds its type's zero value. */
const IMPLICIT = 2;
/** Strings up to this many UTF-16 units are copied by hand when ASCII; longer ones by Buffer. */
const HAND_COPY_MAX = 127;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

class Scratch {
  bytes = Buffer.allocUnsafe(64 * 1024);
  pos = 0;

  reserve(size: number): void {
    if (this.pos + size <= this.bytes.length) return;
    let length = this.bytes.length * 2;
    while (length < this.pos + size) length *= 2;
    const grown = Buffer.allocUnsafe(length);
    this.bytes.copy(grown, 0, 0, this.pos);
    this.bytes = grown;
  }

  varint32(value: number): void {
    this.reserve(5);
    const bytes = this.bytes;
    let pos = this.pos;
    while (value > 0x7f) {
      bytes[pos++] = (value & 0x7f) | 0x80;
      value >>>= 7;
    }
    bytes[pos++] = value;
    this.pos = pos;
  }

  /** A 64-bit varint; negative values as their 64-bit two's complement, as protobuf has it. */
  varint64(value: bigint): void {
    this.reserve(10);
    if (value >= 0n && value <= MAX_SAFE) {
      // Times in milliseconds: Number arithmetic, not BigInt's, which allocates at every step.
      let number = Number(value);
      while (number > 0x7f) {
        // `&` keeps the low 32 bits of the number, so its low 7 bits are right.
        this.bytes[this.pos++] = (number & 0x7f) | 0x80;
        number = Math.floor(number / 128);
      }
      this.bytes[this.pos++] = number;
      return;
    }
    let big = BigInt.asUintN(64, value);
    while (big > 0x7fn) {
      this.bytes[this.pos++] = Number(big & 0x7fn) | 0x80;
      big >>= 7n;
    }
    this.bytes[this.pos++] = Number(big);
  }

  string(value: string): void {
    const length = value.length;
    if (length <= HAND_COPY_MAX) {
      this.reserve(length + 1);
      const bytes = this.bytes;
      let pos = this.pos + 1;
      let i = 0;
      for (; i < length; i++) {
        const code = value.charCodeAt(i);
        if (code > 0x7f) break;
        bytes[pos++] = code;
      }
      if (i === length) {
        bytes[this.pos] = length;
        this.pos = pos;
        return;
      }
    }
    const byteLength = Buffer.byteLength(value, 'utf8');
    this.varint32(byteLength);
    this.reserve(byteLength);
    this.pos += this.bytes.write(value, this.pos, byteLength, 'utf8');
  }

  raw(data: Uint8Array): void {
    this.reserve(data.length);
    this.bytes.set(data, this.pos);
    this.pos += data.length;
  }

  /** Starts a length-delimited part: one byte is kept for its length (see `endDelimited`). */
  startDelimited(): number {
    this.reserve(1);
    return this.pos++;
  }

  /** Writes the length of the part started at `start`, widening its room when it is longer. */
  endDelimited(start: number): void {
    const length = this.pos - start - 1;
    const prefix = varint32Size(length);
    if (prefix > 1) {
      this.reserve(prefix - 1);
      this.bytes.copyWithin(start + prefix, start + 1, this.pos);
      this.pos += prefix - 1;
    }
    const end = this.pos;
    this.pos = start;
    this.varint32(length);
    this.pos = end;
  }
}

const scratch = new Scratch();

function varint32Size(value: number): number {
  let size = 1;
  while (value > 0x7f) {
    value >>>= 7;
    size++;
  }
  return size;
}

function tagBytes(field: DescField, wireType: number): number[] {
  const bytes: number[] = [];
  let tag = ((field.number << 3) | wireType) >>> 0;
  while (tag > 0x7f) {
    bytes.push((tag & 0x7f) | 0x80);
    tag >>>= 7;
  }
  bytes.push(tag);
  return bytes;
}

/**
 * Each message type reached from `root` as the source of one function, its fields in number
 * order as straight-line code, each read by its own name. Closures per field would read them
 * all through one megamorphic keyed load; this takes about a fifth less CPU for a 10-event
 * batch (`npm run bench:event-writer`). The names come from the schema, never from a
 * message, and go into the source as string literals.
 */
function compileWriters(root: DescMessage): Write {
  const index = new Map<DescMessage, number>();
  const writers: Write[] = [];
  const sources: string[] = [];
  const fields: DescField[] = [];
  const indexOf = (schema: DescMessage): number => {
    let at = index.get(schema);
    if (at === undefined) {
      at = sources.length;
      index.set(schema, at);
      sources.push('');
      sources[at] = messageSource(schema, indexOf, fields);
    }
    return at;
  };
  indexOf(root);
  const invalidUint32 = (at: number, value: unknown) =>
    new Error(
      `cannot encode ${fields[at]!.toString()} to binary: invalid uint32: ${String(value)}`,
    );
  const make = sources.map(
    (body) =>
      new Function('W', 'hasOwn', 'invalidUint32', `return function write(out, m) {${body}};`) as (
        w: Write[],
        hasOwn: (this: object, key: PropertyKey) => boolean,
        invalid: typeof invalidUint32,
      ) => Write,
  );
  for (const build of make)
    writers.push(build(writers, Object.prototype.hasOwnProperty, invalidUint32));
  return writers[0]!;
}

function messageSource(
  schema: DescMessage,
  indexOf: (schema: DescMessage) => number,
  fields: DescField[],
): string {
  const lines = ['let v;'];
  for (const field of [...schema.fields].sort((a, b) => a.number - b.number)) {
    const key = JSON.stringify(field.localName);
    if (field.fieldKind === 'list' && field.listKind === 'message') {
      const item = messageValue(field, indexOf);
      lines.push(
        `v = m[${key}]; for (let i = 0; i < v.length; i++) { const item = v[i]; ${item('item')} }`,
      );
      continue;
    }
    const value =
      field.fieldKind === 'message'
        ? messageValue(field, indexOf)
        : field.fieldKind === 'scalar'
          ? scalarValue(field, fields)
          : undefined;
    if (!value) throw unsupported(field);
    if (field.oneof) {
      const oneof = JSON.stringify(field.oneof.localName);
      lines.push(`v = m[${oneof}]; if (v.case === ${key}) { v = v.value; ${value('v')} }`);
    } else if (field.fieldKind !== 'scalar' || field.presence !== IMPLICIT) {
      lines.push(`v = m[${key}]; if (v !== undefined && hasOwn.call(m, ${key})) { ${value('v')} }`);
    } else {
      lines.push(`v = m[${key}]; if (${nonZero(field.scalar)}) { ${value('v')} }`);
    }
  }
  lines.push(
    'v = m.$unknown;',
    'if (v !== undefined) for (const u of v) { out.varint32(((u.no << 3) | u.wireType) >>> 0); out.raw(u.data); }',
  );
  return lines.join('\n');
}

/** Proto3's zero value of the field's type, told as `toBinary` tells it. */
function nonZero(scalar: ScalarType): string {
  if (scalar === ScalarType.STRING) return `v !== ''`;
  if (scalar === ScalarType.BOOL) return 'v !== false';
  // Loose equality, as toBinary has it: 0, 0n and "0" are all zero.
  return 'v != 0';
}

/** The source that writes a field's tag: its one or two bytes copied by hand. */
function tagSource(field: DescField, wireType: number): string {
  const bytes = tagBytes(field, wireType);
  return `out.reserve(${bytes.length}); ${bytes.map((byte) => `out.bytes[out.pos++] = ${byte};`).join(' ')}`;
}

type ValueSource = (name: string) => string;

function messageValue(field: DescField, indexOf: (schema: DescMessage) => number): ValueSource {
  if (!field.message || field.delimitedEncoding) throw unsupported(field);
  const at = indexOf(field.message);
  const tag = tagSource(field, LENGTH_DELIMITED);
  return (name) =>
    `${tag} const start = out.startDelimited(); W[${at}](out, ${name}); out.endDelimited(start);`;
}

function scalarValue(field: DescField, fields: DescField[]): ValueSource | undefined {
  switch (field.scalar) {
    case ScalarType.STRING: {
      const tag = tagSource(field, LENGTH_DELIMITED);
      return (name) => `${tag} out.string(${name});`;
    }
    case ScalarType.BOOL: {
      const tag = tagSource(field, VARINT);
      return (name) => `${tag} out.varint32(${name} ? 1 : 0);`;
    }
    case ScalarType.UINT32: {
      const tag = tagSource(field, VARINT);
      const at = fields.push(field) - 1;
      return (name) =>
        `if (!Number.isInteger(${name}) || ${name} < 0 || ${name} > 0xffffffff) throw invalidUint32(${at}, ${name}); ${tag} out.varint32(${name});`;
    }
    case ScalarType.INT64: {
      const tag = tagSource(field, VARINT);
      return (name) => `${tag} out.varint64(${name});`;
    }
    default:
      return undefined;
  }
}

function unsupported(field: DescField): Error {
  return new Error(
    `compileMessageWriter: ${field.toString()} is of a kind it does not write; use toBinary`,
  );
}
